/** Errors keep their kind and cause on their way to the app (see src/domain/error-transfer.ts). */
import { transferHandlers } from 'comlink';
import { errorThrowHandler } from '../src/domain/error-transfer';

export function registerErrorTransfer(): void {
  const builtIn = transferHandlers.get('throw');
  if (!builtIn) throw new Error("Comlink has no 'throw' transfer handler to replace");
  transferHandlers.set('throw', errorThrowHandler(builtIn.canHandle));
}
