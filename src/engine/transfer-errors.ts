/**
 * The client side of the error transfer. Comlink's own 'throw' handler keeps only message, name and stack; with
 * this one, worker errors arrive as `WireError` data and are rebuilt as SleeveError, InvalidStateError or
 * InvalidArgumentError with their cause, so the app can check `kind` and show `message`.
 *
 * It mirrors worker/transfer-errors.ts rather than importing it: the app imports nothing from worker/ but types.
 * Comlink uses one handler map for both directions, so errors the app would send back are covered as well.
 */
import { transferHandlers } from 'comlink';
import { fromWireError, toWireError, type WireError } from '../domain/errors';

/** Comlink's serialized form for a thrown value. */
interface SerializedThrow {
  isError: boolean;
  value: WireError;
}

let registered = false;

export function registerErrorTransfer(): void {
  if (registered) return;
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
  registered = true;
}
