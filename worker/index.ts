/** The engine worker's entry: errors keep their kind and cause across the boundary, then the engine is exposed. */
import { expose, transferHandlers } from 'comlink';
import { COLLECTION_TRANSFER, collectionTransferHandler } from '../src/domain/collection-transfer';
import { engine } from './engine';
import { registerErrorTransfer } from './transfer-errors';

registerErrorTransfer();
// Large collections cross as one JSON string (see src/domain/collection-transfer.ts).
transferHandlers.set(COLLECTION_TRANSFER, collectionTransferHandler);
expose(engine);
