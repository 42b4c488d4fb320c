/**
 * Deletion records: when the account deleted each card, as the server keeps them at `{uid}/deleted/{cardId}` (a
 * number, ms since the epoch by the server's clock). Sleeve writes one in the same update that removes the card, so
 * that per card the newer action wins, deletions included (DESIGN.md invariant 10): the rules refuse a card not
 * newer than its id's record, and a deletion older than the card the server holds. The seed's clients delete with a
 * plain removal and leave no record; nothing here needs one.
 */

/** When each card was deleted, by id. */
export type Deletions = Readonly<Record<string, number>>;

export const noDeletions: Deletions = Object.freeze({});

/**
 * How long a deletion record is kept: a change older than a deletion that waited longer than this in some device's
 * outbox may bring the card back. Pruned by the next signed-in session to hear the record once it is older.
 */
export const DELETIONS_KEPT_DAYS = 90;
const KEPT_MS = DELETIONS_KEPT_DAYS * 24 * 60 * 60 * 1000;

/**
 * The records that arrived, entry by entry: one that is not a number (left by another client, or damaged) is
 * ignored rather than trusted or refused, so nothing the server holds there can stop Sleeve.
 */
export function parseDeletions(value: unknown): Deletions {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return noDeletions;
  // Object.fromEntries defines each key as its own, so a record under "__proto__" stays a record.
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, number] => Number.isFinite(entry[1])),
  );
}

/** When the account deleted card `id`, if it has a record of it. */
export const deletedAt = (deletions: Deletions, id: string): number | undefined =>
  Object.hasOwn(deletions, id) ? deletions[id] : undefined;

/** Whether the account deleted card `id` at or after `modifiedAt`: a change of that date loses (a tie too). */
export function deletedSince(deletions: Deletions, id: string, modifiedAt: number): boolean {
  const at = deletedAt(deletions, id);
  return at !== undefined && at >= modifiedAt;
}

/** The ids of records older than the time they are kept, `now` by the server's clock. */
export const expiredDeletions = (deletions: Deletions, now: number): string[] =>
  Object.entries(deletions)
    .filter(([, at]) => at < now - KEPT_MS)
    .map(([id]) => id);
