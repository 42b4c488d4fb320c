/** Worker errors arrive with their kind and cause (see src/domain/error-transfer.ts). */
import { transferHandlers } from 'comlink';
import { errorThrowHandler } from '../domain/error-transfer';

let registered = false;

export function registerErrorTransfer(): void {
  if (registered) return;
  const builtIn = transferHandlers.get('throw');
  if (!builtIn) throw new Error("Comlink has no 'throw' transfer handler to replace");
  transferHandlers.set('throw', errorThrowHandler(builtIn.canHandle));
  registered = true;
}
