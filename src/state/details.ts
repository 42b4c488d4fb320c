/**
 * The cards' details on this device (src/domain/card-details.ts, `sleeve/details`): opened for the screen, sealed
 * when a card's details change, and carried through the changes of protection (a first PIN encrypts them, the last
 * PIN's removal decrypts them) in the same write as the cards, so that storage never holds one without the other.
 *
 * The details live beside the cards, never inside them: SPEC.md's card shape stays as every client reads it.
 */
import { ref } from 'valtio';
import type { CardDetails, DetailsPlain, EncryptedDetails } from '../domain/card-details';
import { hasDetails, readDetailsPlain, writeDetailsPlain } from '../domain/card-details';
import { CARD_ID_PATTERN } from '../domain/card-id';
import { SleeveError } from '../domain/errors';
import type { DetailsCollection, StoredDetails } from '../domain/stored-details';
import { emptyDetailsCollection, withoutDetails, withStoredDetails } from '../domain/stored-details';
import { getEngine } from '../engine';
import { loadDetails } from '../storage/local-storage';
import { reportError } from './report';
import { detailsState, hasSecret, memoryOf, session } from './store';

const memory = () => memoryOf('details');

export const DetailsMessages = {
  unreadableBlocks:
    "A card's details could not be opened, so they would be lost. Nothing was changed: delete that card first.",
} as const;

const isSealed = (record: StoredDetails): record is EncryptedDetails =>
  typeof (record.data as { cipherText?: unknown }).cipherText === 'string' &&
  typeof (record.data as { iv?: unknown }).iv === 'string';

/** A record whose structure is whole: its id is its key and a card id, its date a number. */
const wellFormed = (key: string, record: StoredDetails): boolean =>
  record.id === key && CARD_ID_PATTERN.test(key) && Number.isFinite(record.modifiedAt);

interface Opened {
  opened: Map<string, DetailsPlain>;
  unreadable: string[];
}

/** Opens every record of `stored`: in the worker when encrypted (the key must be held), here when plain. */
async function openAll(stored: DetailsCollection): Promise<Opened> {
  const opened = new Map<string, DetailsPlain>();
  const unreadable: string[] = [];
  const sealed: EncryptedDetails[] = [];
  for (const [key, record] of Object.entries(stored.details)) {
    if (!wellFormed(key, record)) unreadable.push(key);
    else if (stored.type === 'ENCRYPTED') {
      if (isSealed(record)) sealed.push(record);
      else unreadable.push(key);
    } else {
      const plain = readDetailsPlain(record.data);
      if (plain) opened.set(key, plain);
      else unreadable.push(key);
    }
  }
  if (sealed.length > 0) {
    for (const outcome of await getEngine().openDetails(sealed)) {
      if ('plain' in outcome) opened.set(outcome.id, outcome.plain);
      else unreadable.push(outcome.id);
    }
  }
  return { opened, unreadable };
}

function show(stored: DetailsCollection, { opened, unreadable }: Opened): void {
  memory().stored = stored;
  memory().opened = opened;
  detailsState.byCard = ref(Object.fromEntries([...opened].map(([id, plain]) => [id, plain.details])));
  detailsState.unreadable = ref(unreadable);
}

/**
 * Opens and shows what is stored; an older reading that ends after a newer one is dropped. A failure (the key went
 * meanwhile) shows none rather than stale ones.
 */
export async function showStoredDetails(stored: DetailsCollection): Promise<void> {
  const reading = ++memory().readings;
  let opened: Opened;
  try {
    opened = await openAll(stored);
  } catch (error) {
    // A lock meanwhile (the key went a moment before this open reached the worker) hid the details: nothing to tell.
    if (reading !== memory().readings) return;
    show(stored, { opened: new Map(), unreadable: [] });
    throw error;
  }
  if (reading === memory().readings) show(stored, opened);
}

/**
 * Opens and shows the details as they are now, once the cards have been opened; on its own, so the cards never wait
 * for their details. Signed in, they are the account's beside the cards shown (src/state/sync-session.ts); else
 * this device's. A stored value that cannot be read is reported at start (src/state/lifecycle.ts), not here.
 */
export function refreshStoredDetails(): void {
  const account = session();
  if (account) {
    showStoredDetails(account.shownDetails()).catch(reportError);
    return;
  }
  const loaded = loadDetails();
  if (loaded.ok) showStoredDetails(loaded.value).catch(reportError);
}

/** Forgets the details on screen (locking, leaving); storage is not touched. */
export function hideDetails(): void {
  memory().readings += 1;
  memory().opened = new Map();
  detailsState.byCard = ref({} as Record<string, CardDetails>);
  detailsState.unreadable = ref([]);
}

/** The details of card `id` as opened, or none. */
export const detailsOf = (id: string): CardDetails | undefined => memory().opened.get(id)?.details;

/**
 * The record card `id`'s details are stored as, dated `modifiedAt`: sealed when a secret exists, plain otherwise;
 * `null` when they are all empty (no record is kept). The fields a later version wrote are kept.
 */
export async function detailsRecord(
  id: string,
  details: CardDetails,
  modifiedAt: number,
): Promise<StoredDetails | null> {
  if (!hasDetails(details)) return null;
  const plain: DetailsPlain = { details, unknown: memory().opened.get(id)?.unknown ?? {} };
  if (hasSecret()) return getEngine().sealDetails(id, modifiedAt, plain);
  return { id, data: writeDetailsPlain(plain), modifiedAt };
}

/**
 * Signed in, the record card `id`'s details go to the account as, dated `modifiedAt`: always sealed, and sealed even
 * when all empty, so that emptying them is dated and wins over an older record as any change does.
 */
export function accountRecord(id: string, details: CardDetails, modifiedAt: number): Promise<EncryptedDetails> {
  return getEngine().sealDetails(id, modifiedAt, { details, unknown: memory().opened.get(id)?.unknown ?? {} });
}

/** The stored details with card `id`'s record put in (or taken out, for `null`). */
export const withRecord = (stored: DetailsCollection, id: string, record: StoredDetails | null): DetailsCollection =>
  record ? withStoredDetails(stored, record) : withoutDetails(stored, [id]);

/** After a write: what is stored now, and these cards' details as they are now shown (by card id). */
export function showRecords(stored: DetailsCollection, changed: ReadonlyMap<string, CardDetails>): void {
  const opened = new Map(memory().opened);
  for (const [id, details] of changed) {
    if (hasDetails(details)) opened.set(id, { details, unknown: opened.get(id)?.unknown ?? {} });
    else opened.delete(id);
  }
  memory().readings += 1;
  show(stored, { opened, unreadable: detailsState.unreadable.filter((id) => !changed.has(id)) });
}

/**
 * The records many new cards' details are stored as (an import), with the stored details they go into; the ones
 * all empty are left out. Sealed one by one in the worker when a secret exists.
 */
export async function newRecords(
  details: ReadonlyMap<string, CardDetails>,
  modifiedAt: (id: string) => number,
): Promise<StoredDetails[]> {
  const records: StoredDetails[] = [];
  for (const [id, given] of details) {
    const record = await detailsRecord(id, given, modifiedAt(id));
    if (record) records.push(record);
  }
  return records;
}

/** After cards were deleted: their details gone from what is stored and shown. */
export function showWithoutDetails(stored: DetailsCollection, ids: readonly string[]): void {
  const opened = new Map(memory().opened);
  for (const id of ids) opened.delete(id);
  memory().readings += 1;
  show(stored, { opened, unreadable: detailsState.unreadable.filter((id) => !ids.includes(id)) });
}

/** Records opened for sealing again under another key, each with its date. */
export type OpenedRecords = Map<string, { plain: DetailsPlain; modifiedAt: number }>;

/**
 * Every record of `stored` opened (under the key held now, or read plain), to be sealed under another key: a first
 * PIN's, or an account's as this device joins it. Refused while one does not open: it would be lost.
 */
export async function openForMove(stored: DetailsCollection): Promise<OpenedRecords> {
  const { opened, unreadable } = await openAll(stored);
  if (unreadable.length > 0) throw new SleeveError(DetailsMessages.unreadableBlocks);
  const moved: OpenedRecords = new Map();
  for (const [id, plain] of opened) {
    const record = stored.details[id];
    if (record) moved.set(id, { plain, modifiedAt: record.modifiedAt });
  }
  return moved;
}

/** Opened records sealed one by one under the key held now. */
export async function sealAll(opened: OpenedRecords): Promise<EncryptedDetails[]> {
  const sealed: EncryptedDetails[] = [];
  for (const [id, { plain, modifiedAt }] of opened) sealed.push(await getEngine().sealDetails(id, modifiedAt, plain));
  return sealed;
}

/** Every plain record sealed under the key just created (a first PIN); inside the write that stores the key. */
export async function sealedDetails(stored: DetailsCollection): Promise<DetailsCollection> {
  if (stored.type === 'ENCRYPTED' || Object.keys(stored.details).length === 0) return stored;
  return (await sealAll(await openForMove(stored))).reduce(withStoredDetails, emptyDetailsCollection());
}

/** Every record opened back to plain (the last PIN removed); refused while one does not open, as for cards. */
export async function plainDetails(stored: DetailsCollection): Promise<DetailsCollection> {
  if (stored.type === 'UNENCRYPTED') return stored;
  const { opened, unreadable } = await openAll(stored);
  if (unreadable.length > 0) throw new SleeveError(DetailsMessages.unreadableBlocks);
  const plain: DetailsCollection = { type: 'UNENCRYPTED', details: {} };
  for (const [id, opening] of opened) {
    const record = stored.details[id];
    if (record) plain.details[id] = { id, data: writeDetailsPlain(opening), modifiedAt: record.modifiedAt };
  }
  return plain;
}

/** What is stored now, as this tab last read or wrote it. */
export const storedDetails = (): DetailsCollection => memory().stored;
