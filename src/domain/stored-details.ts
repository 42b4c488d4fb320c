/**
 * The cards' details as this device stores them (`sleeve/details`, docs/architecture.md): one record per card that
 * has any, keyed by the card's id, encrypted exactly when the cards are (a password or PIN exists), each with its
 * own date. Kept apart from `sleeve/cards`, whose shape is SPEC.md's and which every version of Sleeve reads.
 */
import type { DetailsRecord, EncryptedDetails } from './card-details';
import { InvalidStateError, Messages } from './errors';
import type { Checked } from './stored-shapes';

/** Unencrypted, `data` is the record's plaintext JSON value as it would be sealed (card-details.ts, writeDetailsPlain). */
export type PlainDetailsRecord = DetailsRecord<Record<string, unknown>>;

export type StoredDetails = EncryptedDetails | PlainDetailsRecord;

export interface DetailsCollection {
  type: 'ENCRYPTED' | 'UNENCRYPTED';
  details: Record<string, StoredDetails>;
}

export const emptyDetailsCollection = (): DetailsCollection => ({ type: 'UNENCRYPTED', details: {} });

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The structure only: a type and a map of objects. What is wrong inside one record is found when it is opened and
 * reported with that card, so one bad record never blocks the rest.
 */
export function checkDetailsCollection(value: unknown): Checked<DetailsCollection> {
  if (!isObject(value) || !isObject(value.details)) return { ok: false, reason: "it is not a set of cards' details" };
  if (value.type !== 'ENCRYPTED' && value.type !== 'UNENCRYPTED') {
    return { ok: false, reason: 'its type is neither ENCRYPTED nor UNENCRYPTED' };
  }
  for (const record of Object.values(value.details)) {
    if (!isObject(record)) return { ok: false, reason: "one of its values is not a card's details" };
  }
  return { ok: true, value: value as unknown as DetailsCollection };
}

/**
 * The collection with `record` stored under its card's id. An empty collection takes the record's form; a record of
 * the other form than the ones stored is refused, never mixed in and never stored in place of them.
 */
export function withStoredDetails(collection: DetailsCollection, record: StoredDetails): DetailsCollection {
  const type = 'cipherText' in record.data ? 'ENCRYPTED' : 'UNENCRYPTED';
  const others = Object.keys(collection.details).some((id) => id !== record.id);
  if (others && type !== collection.type) throw new InvalidStateError(Messages.mixedCollection);
  return { type, details: { ...collection.details, [record.id]: record } };
}

/** The collection without the details of `ids`; the same collection when it holds none of them. */
export function withoutDetails(collection: DetailsCollection, ids: readonly string[]): DetailsCollection {
  if (!ids.some((id) => Object.hasOwn(collection.details, id))) return collection;
  const details = { ...collection.details };
  for (const id of ids) delete details[id];
  return { type: collection.type, details };
}

/**
 * Whether two collections hold the same records (same ids and dates, and data of the same JSON). Details are few, and
 * each record's data small, so the whole of each is compared.
 */
export function sameStoredDetails(a: DetailsCollection, b: DetailsCollection): boolean {
  if (a === b) return true;
  const ids = Object.keys(a.details);
  if (a.type !== b.type || ids.length !== Object.keys(b.details).length) return false;
  return ids.every((id) => {
    const x = a.details[id];
    const y = Object.hasOwn(b.details, id) ? b.details[id] : undefined;
    return (
      x !== undefined &&
      y !== undefined &&
      x.id === y.id &&
      x.modifiedAt === y.modifiedAt &&
      JSON.stringify(x.data) === JSON.stringify(y.data)
    );
  });
}
