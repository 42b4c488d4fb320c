/**
 * The worker's live listeners, each known by the number the page gave it: the account itself, its `auth` node, the
 * connection, and the server's clock. What a listener hears is read here, off the page, and posted on the worker's
 * own port (`HeardMessage`), the port every answer to the page's calls comes by: so the page hears a write's copy of
 * the account before the write's answer, as the SDK raises them. (A Comlink callback would come by a port of its own,
 * in no set order with the answers.) The account's cards cross in parts (src/domain/card-parts.ts).
 */
import { type DataSnapshot, onValue, ref } from 'firebase/database';
import { partBuffers, partsNow } from '../../domain/card-parts';
import { parseDeletions } from '../../domain/deletions';
import { SleeveError, toWireError, type WireError } from '../../domain/errors';
import { asFromServer } from '../../domain/merge-decision';
import type { RetiredKeys, SecretRecord } from '../../domain/secret';
import { type HeardCards, parseServerCards } from '../../domain/server-shapes';
import { isRetiredKeys, isSecretRecord } from '../../domain/stored-shapes';
import { parseServerDetails } from '../../domain/synced-details';
import { DatabaseMessages, type HeardMessage } from '../wire';
import { database, onServerOffset } from './connection';

const listening = new Map<number, () => void>();

function listen(id: number, unsubscribe: () => void): void {
  listening.get(id)?.();
  listening.set(id, unsubscribe);
}

/** Posts what listener `id` heard: its values, a value of many cards in parts whose buffers are transferred. */
function tell(id: number, ...values: unknown[]): void {
  const transfer: Transferable[] = [];
  const sent = values.map((value) => {
    const parts = partsNow.make(value);
    if (!parts) return { value };
    transfer.push(...partBuffers(parts));
    return { parts };
  });
  const message: HeardMessage = { listening: id, values: sent };
  postMessage(message, { transfer });
}

function tellError(id: number, error: WireError): void {
  const message: HeardMessage = { listening: id, error };
  postMessage(message);
}

/** An error as the page rebuilds it, with the message a person is shown and the SDK's own error as its cause. */
const failure = (message: string, cause: unknown): WireError => toWireError(new SleeveError(message, { cause }));

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The whole account at one moment: its cards checked entry by entry, its deletion records and details. */
function readAccount(snapshot: DataSnapshot): HeardCards {
  const value: unknown = snapshot.val();
  const account = isObject(value) ? value : {};
  const { collection, malformed } = parseServerCards(account.cards ?? null);
  return {
    collection: asFromServer(collection),
    malformed,
    deletions: asFromServer(parseDeletions(account.deleted ?? null)),
    details: parseServerDetails(account.details ?? null),
  };
}

/**
 * Every change to the user's cards, as the whole collection plus the entries that are not well-formed cards and the
 * deletion records. It listens on `{uid}` itself, so the cards and the records always come from one moment of the
 * server (a deletion removes the card and dates it in one update, heard as one).
 */
export function listenCards(id: number, uid: string): void {
  listen(
    id,
    onValue(
      ref(database, uid),
      (snapshot) => {
        let heard: HeardCards;
        try {
          heard = readAccount(snapshot);
        } catch (error) {
          tellError(id, failure(DatabaseMessages.readCardsFailed, error));
          return;
        }
        tell(id, heard);
      },
      (error) => tellError(id, failure(DatabaseMessages.readCardsFailed, error)),
    ),
  );
}

/** Every change under `{uid}/auth`: the password record (or `null`) and the retired keys (or `null`). */
export function listenAuth(id: number, uid: string): void {
  listen(
    id,
    onValue(
      ref(database, `${uid}/auth`),
      (snapshot) => {
        const value: unknown = snapshot.val();
        const password = isObject(value) ? value.password : null;
        const retired = isObject(value) ? value.retiredKeys : null;
        const record: SecretRecord | null = isSecretRecord(password) ? password : null;
        const keys: RetiredKeys | null = isRetiredKeys(retired) ? retired : null;
        tell(id, record, keys);
      },
      (error) => tellError(id, failure(DatabaseMessages.readPasswordFailed, error)),
    ),
  );
}

/** Whether this client is connected to the database now, and on every change. */
export function listenConnection(id: number): void {
  listen(
    id,
    onValue(ref(database, '.info/connected'), (snapshot) => tell(id, snapshot.val() === true)),
  );
}

/** How far the server's clock is ahead of this device's, as Firebase measured it when it connected. */
export function listenServerTime(id: number): void {
  listen(
    id,
    onServerOffset((offset) => tell(id, offset)),
  );
}

export function stopListening(id: number): void {
  listening.get(id)?.();
  listening.delete(id);
}
