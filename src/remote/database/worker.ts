/** The database worker's entry: the shared transfer handlers, then the database, reading large values sent in parts. */
import { expose, transferHandlers } from 'comlink';
import { readingParts } from '../../domain/collection-transfer';
import { registerTransfers } from '../../domain/transfers';
import { databaseApi } from './api';

registerTransfers(transferHandlers);
expose(readingParts(databaseApi));
