/**
 * Reads and writes that get an answer: the realtime database's SDK keeps a call waiting while offline, and a person
 * must be told, rather than left waiting, when the server does not answer.
 */
import { type DatabaseReference, onValue } from 'firebase/database';
import { ANSWER_WITHIN_MS } from '../../domain/answer-time';
import { SleeveError } from '../../domain/errors';

/** `work`, failing with `message` (its own error as the cause) when it fails or gets no answer in time. */
export async function answered<T>(work: Promise<T>, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(new SleeveError(message, { cause: new Error(`no answer from the server in ${ANSWER_WITHIN_MS} ms`) })),
      ANSWER_WITHIN_MS,
    );
  });
  try {
    return await Promise.race([work, timeout]);
  } catch (error) {
    if (error instanceof SleeveError && error.message === message) throw error;
    throw new SleeveError(message, { cause: error });
  } finally {
    clearTimeout(timer);
  }
}

export function readOnce(target: DatabaseReference, message: string): Promise<unknown> {
  let stop = () => {};
  const read = new Promise<unknown>((resolve, reject) => {
    stop = onValue(target, (snapshot) => resolve(snapshot.val()), reject, { onlyOnce: true });
  });
  return answered(read, message).finally(() => stop());
}
