/**
 * What an import would do, before anything is stored: which cards are new, which Sleeve holds already (the same
 * number and expiry; the card in Sleeve is kept as it is, never overwritten), and which cannot be imported and why,
 * row by row. A card that appears twice in the file is new once; the second is listed as already there. A new card
 * that brings details (a PIN, notes, a phone number) says which, so the person sees that none of them is dropped.
 */
import type { CardData, PlainCard } from '../card';
import type { CardDetails } from '../card-details';
import { DETAIL_FIELDS } from '../card-details';
import { inSlices, nextTask } from '../next-task';
import { DETAIL_WORDS } from './details';
import type { ImportedCard, ImportParse } from './import-row';

interface CardEntry {
  /** Position among the file's rows, stable for the person's choices. */
  index: number;
  where: string;
  card: ImportedCard;
}

export interface PreviewEntry extends CardEntry {
  /** What the card brings besides its own fields ('Also brings: card PIN, notes and phone number'); null if nothing. */
  brings: string | null;
}

export interface DuplicateEntry extends CardEntry {
  /** Why it is not added: what it matches, and which details differ from the copy that is kept. */
  reason: string;
}

export interface RefusedEntry {
  index: number;
  where: string;
  reason: string;
}

export interface ImportPreview {
  add: PreviewEntry[];
  already: DuplicateEntry[];
  cannot: RefusedEntry[];
  /** Items of the file that are not payment cards (logins, notes), left out. */
  leftOut: number;
}

/** Cards are the same card when their number and expiry are. */
const sameCardKey = (data: Pick<CardData, 'number' | 'expiry'>): string => `${data.number}|${data.expiry}`;

const FIELD_NAMES: readonly [keyof CardData, string][] = [
  ['cardholder', 'cardholder'],
  ['issuer', 'issuer'],
  ['cvv', 'CVV'],
  ['network', 'network'],
];

/** The details in which two copies of one card differ, as a list for a sentence; the theme is not a detail. */
function differences(kept: CardData, incoming: CardData): string[] {
  return FIELD_NAMES.filter(([field]) => kept[field] !== incoming[field]).map(([, name]) => name);
}

const listed = (names: string[]): string =>
  names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/** The details a card brings, in a short line; null when it brings none. */
export function alsoBrings(details: CardDetails): string | null {
  const names = DETAIL_FIELDS.filter((field) => details[field] !== '').map((field) => DETAIL_WORDS[field]);
  return names.length === 0 ? null : `Also brings: ${listed(names)}`;
}

/** The preview taking rows one at a time; `finish` gives it once every row is in. */
function previewBuilder(parse: ImportParse) {
  const inWallet = new Map<string, CardData>();
  const inFile = new Map<string, { where: string; data: CardData }>();
  const preview: ImportPreview = { add: [], already: [], cannot: [], leftOut: parse.leftOut };
  return {
    /** A card Sleeve holds, which a row of the file with its number and expiry duplicates. */
    holds(card: PlainCard): void {
      inWallet.set(sameCardKey(card.data), card.data);
    },
    row(row: ImportParse['rows'][number], index: number): void {
      if (!('card' in row)) {
        preview.cannot.push({ index, where: row.where, reason: row.reason });
        return;
      }
      const key = sameCardKey(row.card.data);
      const kept = inWallet.get(key);
      const earlier = inFile.get(key);
      if (kept) {
        const differ = differences(kept, row.card.data);
        const reason =
          differ.length === 0
            ? 'Sleeve already has this card'
            : `Sleeve already has this number and expiry with a different ${listed(differ)}; Sleeve's card is kept as it is`;
        preview.already.push({ index, where: row.where, card: row.card, reason });
      } else if (earlier) {
        preview.already.push({
          index,
          where: row.where,
          card: row.card,
          reason: `${earlier.where} of this file has the same number and expiry`,
        });
      } else {
        inFile.set(key, { where: row.where, data: row.card.data });
        preview.add.push({ index, where: row.where, card: row.card, brings: alsoBrings(row.card.details) });
      }
    },
    finish: (): ImportPreview => preview,
  };
}

export function previewImport(parse: ImportParse, existing: readonly PlainCard[]): ImportPreview {
  const builder = previewBuilder(parse);
  for (const card of existing) builder.holds(card);
  parse.rows.forEach((row, index) => {
    builder.row(row, index);
  });
  return builder.finish();
}

/**
 * The same preview as `previewImport`, built a slice of rows at a time with a new task between slices (next-task.ts),
 * so ten thousand rows against ten thousand cards never hold the page still. Rejects with the signal's reason once
 * `signal` is aborted.
 */
export async function previewImportInSlices(
  parse: ImportParse,
  existing: readonly PlainCard[],
  signal?: AbortSignal,
): Promise<ImportPreview> {
  const builder = previewBuilder(parse);
  await inSlices(existing, (card) => builder.holds(card), { signal });
  await nextTask();
  await inSlices(parse.rows, (row, index) => builder.row(row, index), { signal });
  return builder.finish();
}
