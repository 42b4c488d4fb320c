/**
 * How a thrown error crosses the worker boundary. Comlink's own 'throw' handler keeps only message, name and
 * stack, losing the error's kind and cause; this one sends `toWireError` data and rebuilds the error on the other
 * side. Both sides register it through transfers.ts.
 */
import { fromWireError, toWireError, type WireError } from './errors';

/** Comlink's serialized form for a thrown value. */
interface SerializedThrow {
  isError: boolean;
  value: WireError;
}

/** The 'throw' handler; `canHandle` is Comlink's own, since it marks thrown values with a private symbol. */
export function errorThrowHandler(canHandle: (value: unknown) => boolean) {
  return {
    canHandle: canHandle as (value: unknown) => value is unknown,
    serialize(thrown: unknown): [SerializedThrow, Transferable[]] {
      const { value } = thrown as { value: unknown };
      return [{ isError: true, value: toWireError(value) }, []];
    },
    deserialize(serialized: unknown): never {
      throw fromWireError((serialized as SerializedThrow).value);
    },
  };
}
