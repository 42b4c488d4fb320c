/**
 * The realtime database, under the signed-in user's uid (SPEC.md §7): `{uid}/cards/{cardId}` holds encrypted
 * cards and `{uid}/auth/password` the password record. Only ciphertext is ever written: every card is checked to
 * be an encrypted card, and re-built in exactly the wire shape, before it leaves.
 *
 * Writes of cards are multi-path updates of `{uid}`, so several cards (or a save and a deletion) land at once, and
 * leave in the order they are made. Beside the cards, Sleeve writes one thing more: a deletion is dated at
 * `{uid}/deleted/{cardId}` in the same update that removes the card (src/domain/deletions.ts), which the rules hold
 * every later write of that id to. The seed's clients neither write nor need these records.
 *
 * Reads use a one-time listener (`onValue(…, {onlyOnce: true})`), which every server answers. Writes that get no
 * answer (offline) fail after a while instead of leaving the person waiting forever.
 */
import {
  type DatabaseReference,
  type DataSnapshot,
  onValue,
  ref,
  remove,
  runTransaction,
  set,
  update,
} from 'firebase/database';
import type { EncryptedCard, EncryptedCollection } from '../domain/card';
import { serverAccepts } from '../domain/card-dates';
import type { EncryptedDetails } from '../domain/card-details';
import { type Deletions, parseDeletions } from '../domain/deletions';
import { InvalidArgumentError, SleeveError } from '../domain/errors';
import { asFromServer, type FromServer } from '../domain/merge-decision';
import { type Deletion, isDeletion, type OutboxEntry } from '../domain/outbox';
import type { RetiredKeys, SecretRecord } from '../domain/secret';
import { asEncryptedCard, type HeardCards, parseServerCards, type ServerCards } from '../domain/server-shapes';
import { isRetiredKeys, isSecretRecord } from '../domain/stored-shapes';
import { wireDetails } from '../domain/synced-details';
import { answered, readOnce } from './answers';
import { database } from './firebase';
import { type CardsSubscription, HeardAccount } from './heard-account';

export const DatabaseMessages = {
  unencryptedCard: "Unencrypted card can't be saved on server",
  setCardFailed: 'Failed to add or update card on server',
  deleteCardFailed: 'Failed to delete card from server',
  setPasswordFailed: 'Failed to set password on server',
  removePasswordFailed: 'Failed to remove password from server',
  readCardsFailed: 'Failed to get cards from server',
  readPasswordFailed: 'Failed to get password from server',
} as const;

const cardsPath = (uid: string) => `${uid}/cards`;
const deletionsPath = (uid: string) => `${uid}/deleted`;
const passwordRef = (uid: string): DatabaseReference => ref(database, `${uid}/auth/password`);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What arrived, checked entry by entry and branded as the server's side of any merge. */
function arrivedCards(value: unknown): ServerCards & { collection: FromServer<EncryptedCollection> } {
  const { collection, malformed } = parseServerCards(value);
  return { collection: asFromServer(collection), malformed };
}

/** The user's well-formed cards; entries that are not are left on the server (and reported by the subscription). */
export async function readCards(uid: string): Promise<FromServer<EncryptedCollection>> {
  return arrivedCards(await readOnce(ref(database, cardsPath(uid)), DatabaseMessages.readCardsFailed)).collection;
}

/** The user's deletion records (a malformed one is left out), read for the sign-in's merge. */
export async function readDeletions(uid: string): Promise<FromServer<Deletions>> {
  return asFromServer(
    parseDeletions(await readOnce(ref(database, deletionsPath(uid)), DatabaseMessages.readCardsFailed)),
  );
}

/**
 * Every change to the user's cards, as the whole collection plus the entries that are not well-formed cards (kept
 * on the server, reported to the person rather than silently dropped) and the deletion records. It listens on
 * `{uid}` itself, so the cards and the records always come from one moment of the server (a deletion removes the
 * card and dates it in one update, heard as one). What is heard is read in tasks of its own (heard-account.ts).
 */
export function subscribeCards(
  uid: string,
  onCards: (cards: HeardCards) => void,
  onError: (error: Error) => void,
): CardsSubscription {
  followServerTime();
  const failed = (cause: unknown) => onError(new SleeveError(DatabaseMessages.readCardsFailed, { cause }));
  const heard = new HeardAccount(onCards, failed);
  const unsubscribe = onValue(ref(database, uid), (snapshot: DataSnapshot) => heard.heard(snapshot), failed);
  return {
    stop: () => {
      heard.stop();
      unsubscribe();
    },
    caughtUp: () => heard.caughtUp(),
  };
}

/**
 * Sets `cards` and their `details`, and removes the cards of `deletions` with their details, each dated at
 * `{uid}/deleted/{id}` when the server accepts its date, in one write of `{uid}`, which the server takes or refuses
 * whole (a deletion older than the card there, a card not newer than its id's deletion, details older than theirs).
 */
function writeCards(
  uid: string,
  cards: readonly EncryptedCard[],
  deletions: readonly Deletion[],
  details: readonly EncryptedDetails[] = [],
) {
  const paths: Record<string, EncryptedCard | EncryptedDetails | number | null> = {};
  for (const card of cards) paths[`cards/${card.id}`] = card;
  for (const record of details) paths[`details/${record.id}`] = record;
  for (const { id, modifiedAt } of deletions) {
    paths[`cards/${id}`] = null;
    paths[`details/${id}`] = null;
    // No record the rules take can follow a card dated further ahead than the server accepts: it goes without one.
    if (serverAccepts(modifiedAt, serverNow())) paths[`deleted/${id}`] = modifiedAt;
  }
  return update(ref(database, uid), paths);
}

/** Only encrypted cards, each re-built in exactly the wire shape; `message` for anything else. */
export function wireCards(values: readonly unknown[], message: string): EncryptedCard[] {
  return values.map((value) => {
    const card = asEncryptedCard(value);
    if (!card) throw new InvalidArgumentError(message);
    return card;
  });
}

/**
 * Adds or replaces cards, and details records of cards the account holds after the write, in one write (signing in
 * moves a device's cards and details up so). Only encrypted cards and records.
 */
export async function putCards(
  uid: string,
  values: readonly unknown[],
  details: readonly EncryptedDetails[] = [],
): Promise<void> {
  const cards = wireCards(values, DatabaseMessages.unencryptedCard);
  const records = wireDetails(
    details.map((record) => ({ id: record.id, details: record })),
    DatabaseMessages.unencryptedCard,
  );
  if (cards.length + records.length === 0) return;
  await answered(writeCards(uid, cards, [], records), DatabaseMessages.setCardFailed);
}

/**
 * The outbox's writes: several waiting changes (cards to set, deletions) in one multi-path update, which the server
 * applies whole or refuses whole. No time limit, because the SDK keeps a write queued while the connection is down
 * and sends it when it returns; it settles when the server answers and rejects when the server refuses (or the SDK
 * fails before sending: `refusedByServer` tells the two apart). A single change keeps the message of its kind.
 */
export async function sendChanges(uid: string, changes: readonly OutboxEntry[]): Promise<void> {
  const removed = changes.filter(isDeletion);
  const set = changes.filter((change) => !isDeletion(change));
  const cards = wireCards(set, DatabaseMessages.unencryptedCard);
  const details = wireDetails(set, DatabaseMessages.unencryptedCard);
  if (cards.length + removed.length === 0) return;
  await writeCards(uid, cards, removed, details).catch((cause: unknown) => {
    const message = cards.length === 0 ? DatabaseMessages.deleteCardFailed : DatabaseMessages.setCardFailed;
    throw new SleeveError(message, { cause });
  });
}

/**
 * Whether a failed write was answered by the server (refused by the rules: it will never land as it is), rather
 * than failing in this client before it left. The SDK gives a server's answer a status code (`PERMISSION_DENIED` …).
 */
export function refusedByServer(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && /^[A-Z_]+$/.test(code)) return true;
  }
  return false;
}

/**
 * How far the server's clock is ahead of this device's, as Firebase measured it when it connected. Followed once
 * the database is in use anyway (reading the password record, following the cards): listening any earlier would
 * open a connection for a page that never signs in.
 */
let serverOffsetMs = 0;
let followingServerTime = false;

function followServerTime(): void {
  if (followingServerTime) return;
  followingServerTime = true;
  onValue(ref(database, '.info/serverTimeOffset'), (snapshot) => {
    const offset: unknown = snapshot.val();
    serverOffsetMs = typeof offset === 'number' && Number.isFinite(offset) ? offset : 0;
  });
}

/**
 * Now, by the server's clock (this device's until it has connected once). The server refuses cards and password
 * records dated more than a few minutes ahead of it, so what goes there is dated so.
 */
export function serverNow(): number {
  followServerTime();
  return Date.now() + serverOffsetMs;
}

/** Whether this client is connected to the database now, and on every change; returns the unsubscribe. */
export function onConnectionChanged(listener: (connected: boolean) => void): () => void {
  return onValue(ref(database, '.info/connected'), (snapshot) => listener(snapshot.val() === true));
}

/**
 * Removes every card, every card's details and every deletion record of the user, in one write (deleting the account:
 * nothing of it may stay, and no device of it can write any more once the user is deleted).
 */
export async function removeAllCards(uid: string): Promise<void> {
  await answered(
    update(ref(database, uid), { cards: null, details: null, deleted: null }),
    DatabaseMessages.deleteCardFailed,
  );
}

/** Removes deletion records that have been kept long enough (src/domain/deletions.ts, `DELETIONS_KEPT_DAYS`). */
export async function pruneDeletions(uid: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const paths = Object.fromEntries(ids.map((id) => [id, null]));
  await answered(update(ref(database, deletionsPath(uid)), paths), DatabaseMessages.deleteCardFailed);
}

/** Whether anything at all is stored under `{uid}/cards`, cards or not. */
export async function holdsCards(uid: string): Promise<boolean> {
  const value = await readOnce(ref(database, cardsPath(uid)), DatabaseMessages.readCardsFailed);
  return value !== null && value !== undefined;
}

export async function readPasswordRecord(uid: string): Promise<SecretRecord | null> {
  followServerTime();
  const value = await readOnce(passwordRef(uid), DatabaseMessages.readPasswordFailed);
  return isSecretRecord(value) ? value : null;
}

/** The record in exactly the wire shape (DESIGN.md), or a refusal for anything else. */
export function wireRecord(record: SecretRecord): SecretRecord {
  if (!isSecretRecord(record)) throw new InvalidArgumentError(DatabaseMessages.setPasswordFailed);
  return {
    salt: record.salt,
    encryptedDek: { ciphertext: record.encryptedDek.ciphertext, iv: record.encryptedDek.iv },
    modifiedAt: record.modifiedAt,
  };
}

export async function setPasswordRecord(uid: string, record: SecretRecord): Promise<void> {
  await answered(set(passwordRef(uid), wireRecord(record)), DatabaseMessages.setPasswordFailed);
}

/**
 * Writes an account's first password record, only if it has none: a transaction, so when two devices create the
 * first password at the same moment exactly one record is written, and the other device learns of it instead of
 * replacing it with a record over another key (which would leave the first device's cards unreadable). Resolves with
 * `null` when this record was written, or with the record the account already holds.
 */
export async function createPasswordRecord(uid: string, record: SecretRecord): Promise<SecretRecord | null> {
  const wire = wireRecord(record);
  // The function may first see this client's cached value (null when nothing was read yet); the server then answers
  // with what it holds and the function runs again on that. Returning undefined leaves the node as it is.
  const result = await answered(
    runTransaction(passwordRef(uid), (current: unknown) => (current === null ? wire : undefined), {
      applyLocally: false,
    }),
    DatabaseMessages.setPasswordFailed,
  );
  if (result.committed) return null;
  const held: unknown = result.snapshot.val();
  if (isSecretRecord(held)) return held;
  // Something that is not a record stands there (another client's damage): it must not be overwritten blindly.
  throw new SleeveError(DatabaseMessages.setPasswordFailed, { cause: new Error('the password path holds no record') });
}

/** Removes the password record, and the retired keys sealed under the key it wrapped: all of `{uid}/auth`. */
export async function removePasswordRecord(uid: string): Promise<void> {
  await answered(remove(ref(database, `${uid}/auth`)), DatabaseMessages.removePasswordFailed);
}

/**
 * Every change under `{uid}/auth`: the password record, or `null` when there is none, and the account's retired
 * keys (src/domain/secret.ts), or `null`; returns the unsubscribe.
 */
export function subscribeAuth(
  uid: string,
  onAuth: (record: SecretRecord | null, retired: RetiredKeys | null) => void,
  onError: (error: Error) => void,
): () => void {
  return onValue(
    ref(database, `${uid}/auth`),
    (snapshot) => {
      const value: unknown = snapshot.val();
      const password = isObject(value) ? value.password : null;
      const retired = isObject(value) ? value.retiredKeys : null;
      onAuth(isSecretRecord(password) ? password : null, isRetiredKeys(retired) ? retired : null);
    },
    (cause) => onError(new SleeveError(DatabaseMessages.readPasswordFailed, { cause })),
  );
}
