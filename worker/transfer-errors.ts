/**
 * Errors cross the worker boundary as plain data. Comlink's own 'throw' handler keeps only message, name and
 * stack, losing the error's kind and cause; this replacement sends `toWireError` and the client rebuilds the
 * error with `fromWireError`. The client registers the same handler (src/engine/transfer-errors.ts).
 */
import { transferHandlers } from 'comlink';
import { fromWireError, toWireError, type WireError } from '../src/domain/errors';

/** Comlink's serialized form for a thrown value. */
interface SerializedThrow {
  isError: boolean;
  value: WireError;
}

export function registerErrorTransfer(): void {
  const builtIn = transferHandlers.get('throw');
  if (!builtIn) throw new Error("Comlink has no 'throw' transfer handler to replace");
  transferHandlers.set('throw', {
    // Comlink marks thrown values with a private symbol; its own check is the only way to recognise them.
    canHandle: builtIn.canHandle,
    serialize(thrown): [SerializedThrow, Transferable[]] {
      const { value } = thrown as { value: unknown };
      return [{ isError: true, value: toWireError(value) }, []];
    },
    deserialize(serialized): never {
      throw fromWireError((serialized as SerializedThrow).value);
    },
  });
}
