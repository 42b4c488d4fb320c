/**
 * The one registration of Sleeve's Comlink transfer handlers, run by both sides of the worker boundary (the worker's
 * entry and src/engine/): errors keep their kind and cause (error-transfer.ts), and large card values cross as JSON
 * in parts (collection-transfer.ts). Both sides must agree, so neither registers anything on its own.
 *
 * Comlink's handler map is passed in rather than imported, so the domain stays free of the messaging library.
 */
import { COLLECTION_TRANSFER, collectionTransferHandler } from './collection-transfer';
import { errorThrowHandler } from './error-transfer';

/** The part of a Comlink transfer handler this module needs to see. */
interface TransferHandler {
  canHandle: (value: unknown) => value is unknown;
  serialize: (value: never) => [unknown, Transferable[]];
  deserialize: (value: never) => unknown;
}

/** Comlink's `transferHandlers` map. */
type TransferHandlers = Map<string, TransferHandler>;

const registered = new WeakSet<TransferHandlers>();

export function registerTransfers(handlers: TransferHandlers): void {
  if (registered.has(handlers)) return;
  const builtIn = handlers.get('throw');
  if (!builtIn) throw new Error("Comlink has no 'throw' transfer handler to replace");
  handlers.set('throw', errorThrowHandler(builtIn.canHandle));
  handlers.set(COLLECTION_TRANSFER, collectionTransferHandler);
  registered.add(handlers);
}
