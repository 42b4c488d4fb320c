/**
 * The cards' details while signed in (docs/formats.md, Card details): the account holds them at `{uid}/details/{id}`
 * beside `{uid}/cards/{id}`, and this device's waiting card changes carry the details they made (src/domain/outbox.ts,
 * `CardChange`). Which record shows for a card, and which records the account keeps for cards it no longer holds, are
 * decided here, on ciphertext only.
 */
import type { EncryptedCollection } from './card';
import { joiningDate } from './card-dates';
import type { EncryptedDetails } from './card-details';
import { InvalidArgumentError } from './errors';
import type { Outbox } from './outbox';
import { isDeletion, sameEntry } from './outbox';
import type { DetailsCollection, StoredDetails } from './stored-details';

/** The account's details records by card id, as heard; an entry that is not a record stays for opening to report. */
export type ServerDetails = Readonly<Record<string, StoredDetails>>;

export const noServerDetails: ServerDetails = {};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What arrived under `{uid}/details`. Every object is kept as it came, so one whose shape is wrong is listed with its
 * card as details that could not be opened (src/state/details.ts) rather than silently dropped. Built with
 * `Object.fromEntries`, so a key "__proto__" is an own property like any other.
 */
export function parseServerDetails(value: unknown): ServerDetails {
  if (!isObject(value)) return noServerDetails;
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, StoredDetails] => isObject(entry[1])),
  );
}

/**
 * The details to show beside `shown` (the server's cards with the outbox laid over them): a card whose waiting
 * change is what shows has that change's details when it carries any (they were made with it, after whatever the
 * server holds); every other card has the server's record. Records of cards not shown are left out: their card was
 * deleted, and they go with it.
 */
export function overlayDetails(server: ServerDetails, outbox: Outbox, shown: EncryptedCollection): DetailsCollection {
  const details = new Map<string, StoredDetails>();
  for (const [id, card] of Object.entries(shown.cards)) {
    const waiting = Object.hasOwn(outbox.cards, id) ? outbox.cards[id] : undefined;
    const fromChange =
      waiting && !isDeletion(waiting) && waiting.details && sameEntry(waiting, card) ? waiting.details : undefined;
    const record = fromChange ?? (Object.hasOwn(server, id) ? server[id] : undefined);
    if (record) details.set(id, record);
  }
  return { type: 'ENCRYPTED', details: Object.fromEntries(details) };
}

/**
 * The records the account keeps for cards it no longer holds: a client that knows only SPEC.md's cards deleted the
 * card with a plain removal and left its details behind. They are removed when seen. The cards and the details come
 * from one moment of the server (one listener on `{uid}`), and Sleeve writes a card and its details in one update, so
 * a record is never seen ahead of its card.
 */
export function orphanDetails(server: ServerDetails, cards: EncryptedCollection): string[] {
  return Object.keys(server).filter((id) => !Object.hasOwn(cards.cards, id));
}

/** A details record in exactly the wire shape, or `undefined` when it is not an encrypted record of card `id`. */
export function asEncryptedDetails(value: unknown, id: string): EncryptedDetails | undefined {
  if (!isObject(value) || !isObject(value.data) || value.id !== id) return undefined;
  const { modifiedAt, data } = value;
  const { cipherText, iv } = data;
  if (typeof modifiedAt !== 'number' || !Number.isFinite(modifiedAt)) return undefined;
  if (typeof cipherText !== 'string' || typeof iv !== 'string' || Object.keys(data).length !== 2) return undefined;
  return { id, data: { cipherText, iv }, modifiedAt };
}

/** Only encrypted details records of the card they name, each re-built in exactly the wire shape. */
export function wireDetails(values: readonly { id: string; details?: unknown }[], message: string): EncryptedDetails[] {
  return values.flatMap(({ id, details }) => {
    if (details === undefined) return [];
    const record = asEncryptedDetails(details, id);
    if (!record) throw new InvalidArgumentError(message);
    return [record];
  });
}

/**
 * Joining an account (sign-in): which of this device's records go up, and dated how. A record goes when its card is
 * on the account after the join (`onAccount`) and it is newer than the account's record of that card, or the
 * account has none (newer wins, as for cards); dated as a card that joins is (card-dates.ts `joiningDate`).
 */
export function detailsGoingUp(
  local: readonly EncryptedDetails[],
  server: ServerDetails,
  onAccount: ReadonlySet<string>,
  now: number,
): EncryptedDetails[] {
  return local.flatMap((record) => {
    if (!onAccount.has(record.id)) return [];
    const there = Object.hasOwn(server, record.id) ? server[record.id]?.modifiedAt : undefined;
    const thereDate = typeof there === 'number' && Number.isFinite(there) ? there : undefined;
    if (thereDate !== undefined && thereDate >= record.modifiedAt) return [];
    return [{ ...record, modifiedAt: joiningDate(record.modifiedAt, thereDate, now) }];
  });
}
