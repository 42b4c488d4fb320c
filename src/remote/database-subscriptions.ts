/**
 * The live listeners the app sets up through the database worker (database-client.ts): the account, its `auth`
 * node and the connection. What each hears comes on the worker's own port, in order with the answers to the page's
 * calls; the account's cards come in parts, read a slice of time at a time (heard-account.ts).
 */
import { PartedValue } from '../domain/collection-transfer';
import { fromWireError } from '../domain/errors';
import type { RetiredKeys, SecretRecord } from '../domain/secret';
import type { HeardCards } from '../domain/server-shapes';
import { listening, nextListenerId } from './database-client';
import { type CardsSubscription, HeardAccount } from './heard-account';
import type { HeardMessage } from './wire';

/** What a message carries, a value of many cards as its parts (to be read in slices). */
const valuesOf = ({ values = [] }: HeardMessage): unknown[] =>
  values.map((value) => ('parts' in value ? new PartedValue(value.parts) : value.value));

const toError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));

/** Every change to the user's cards (database/listeners.ts), handed on as the page reads it. */
export function subscribeCards(
  uid: string,
  onCards: (cards: HeardCards) => void,
  onError: (error: Error) => void,
): CardsSubscription {
  const heard = new HeardAccount(onCards, (error) => onError(toError(error)));
  const id = nextListenerId();
  const stop = listening({
    id,
    start: (api) => api.listenCards(id, uid),
    heard: (message) => {
      if (message.error) onError(fromWireError(message.error));
      else heard.heard(valuesOf(message)[0]);
    },
  });
  return {
    stop: () => {
      heard.stop();
      stop();
    },
    caughtUp: () => heard.caughtUp(),
  };
}

/** Every change under `{uid}/auth`: the password record and the retired keys (each `null` when none); the stop. */
export function subscribeAuth(
  uid: string,
  onAuth: (record: SecretRecord | null, retired: RetiredKeys | null) => void,
  onError: (error: Error) => void,
): () => void {
  const id = nextListenerId();
  return listening({
    id,
    start: (api) => api.listenAuth(id, uid),
    heard: (message) => {
      if (message.error) onError(fromWireError(message.error));
      else {
        const [record = null, retired = null] = valuesOf(message) as [SecretRecord | null, RetiredKeys | null];
        onAuth(record, retired);
      }
    },
  });
}

/** Whether the signed-in user's database is connected now, and on every change; returns the stop. */
export function onConnectionChanged(listener: (connected: boolean) => void): () => void {
  const id = nextListenerId();
  return listening({
    id,
    start: (api) => api.listenConnection(id),
    heard: (message) => listener(valuesOf(message)[0] === true),
  });
}
