/// <reference types="node" />
/** The transfer fixtures as the app receives a chosen file: its bytes. Unit tests run in Node, so they read the disk. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { PlainCard } from '../../../src/domain/card';
import type { CardDetails } from '../../../src/domain/card-details';
import { NO_DETAILS } from '../../../src/domain/card-details';
import type { ImportRow } from '../../../src/domain/transfer/import-row';
import { twoCards, visaData } from '../../support/transfer-cards.mjs';

// Vitest runs from the repository root; the test modules' own URLs are not file URLs under happy-dom.
const FIXTURES = join(process.cwd(), 'tests/fixtures/transfer');

export const fixtureBytes = (name: string): Uint8Array => new Uint8Array(readFileSync(join(FIXTURES, name)));

export const fixtureJson = (name: string): unknown => JSON.parse(new TextDecoder().decode(fixtureBytes(name)));

/** Every card a test imports gets this theme, so rows can be compared whole. */
export const sky = () => 'SKY' as const;

/** Every detail filled in, as Sleeve stores them: what an export must write and a re-import give back. */
export const fullDetails: CardDetails = {
  pin: '0420',
  notes: 'Travel card.\nNo fees abroad: 0%',
  validFrom: '03/24',
  phone: '+44 20 7946 0000',
  website: 'https://bank.example/cards',
};

/** Details for an export: every one for the first card, only notes for the second, none for any other. */
export const someDetails = (cards: readonly PlainCard[]): Map<string, CardDetails> =>
  new Map([
    [cards[0]?.id ?? '', fullDetails],
    [cards[1]?.id ?? '', { ...NO_DETAILS, notes: 'Only notes' }],
  ]);

/**
 * The round trip of an export: three cards (every detail, only notes, none) written with `someDetails` and read back
 * by `exportAndRead` must bring back every detail as it went out, without a change.
 */
export async function expectEveryDetailBack(
  exportAndRead: (
    cards: PlainCard[],
    details: Map<string, CardDetails>,
  ) => readonly ImportRow[] | Promise<readonly ImportRow[]>,
): Promise<void> {
  const third = { id: 'Zz9yX8wV', data: { ...visaData, number: '6011000990139424', network: 'DISCOVER' as const } };
  const cards = [...twoCards(), { ...third, modifiedAt: 1709287400000 }];
  const rows = await exportAndRead(cards, someDetails(cards));
  expect(detailsAndChanges(rows)).toEqual([
    [fullDetails, []],
    [{ ...NO_DETAILS, notes: 'Only notes' }, []],
    [NO_DETAILS, []],
  ]);
}

/** Each row of a read file as its card's details and what changed on the way in; a row that is not a card, its reason. */
export const detailsAndChanges = (rows: readonly ImportRow[]): ([CardDetails, string[]] | string)[] =>
  rows.map((row) => ('card' in row ? [row.card.details, row.card.changes] : row.reason));
