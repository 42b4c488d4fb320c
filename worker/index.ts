/** The engine worker's entry: the shared transfer handlers, then the engine, reading large values sent in parts. */
import { expose, transferHandlers } from 'comlink';
import { readingParts } from '../src/domain/collection-transfer';
import { registerTransfers } from '../src/domain/transfers';
import { engine } from './engine';

registerTransfers(transferHandlers);
expose(readingParts(engine));
