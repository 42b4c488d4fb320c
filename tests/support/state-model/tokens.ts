/**
 * Cards and records as tokens: a plain card carries its version in `cardholder`; a sealed one is
 * `{key}|{version}|{nonce}`, so it opens only under the key it was sealed with; a record's "wrapped key" is the key;
 * the account's retired keys are `{key}|{entry} {entry}…`, opened only by the key they are sealed under, each entry
 * `{retired key}~{date}~{id,id…}`: the key and what the replacement that retired it knew (crypto/retired-keys.ts v2),
 * the date it was replaced and the ids of the cards it sealed again.
 */
import type { CardCollection, EncryptedCard, PlainCard, StoredCard } from '../../../src/domain/card';
import type { RetiredKeys, SecretRecord } from '../../../src/domain/secret';

export const plainData = (version: string): PlainCard['data'] => ({
  number: '4111111111111111',
  expiry: '12/30',
  cardholder: version,
  issuer: '',
  cvv: '',
  network: 'VISA',
  theme: 'SKY',
});

export const isSealed = (card: StoredCard): card is EncryptedCard => 'cipherText' in card.data;
export const keyOfCard = (card: EncryptedCard): string => card.data.cipherText.split('|')[0] ?? '';
export const versionOfSealed = (card: EncryptedCard): string => card.data.cipherText.split('|')[1] ?? '';
export const versionOf = (card: StoredCard): string => (isSealed(card) ? versionOfSealed(card) : card.data.cardholder);
export const keyOfRecord = (record: SecretRecord): string => record.encryptedDek.ciphertext;

/** A retired key and what the replacement that retired it knew (worker/vault/retired.ts `knownTo`). */
export interface RetiredEntry {
  key: string;
  retiredAt: number;
  known: ReadonlySet<string>;
}

export const retiredEntryToken = (entry: RetiredEntry): string =>
  `${entry.key}~${entry.retiredAt}~${[...entry.known].join(',')}`;

/** The entries of a list of retired keys, newest first, if `key` opens it (crypto/retired-keys.ts); else none. */
export const retiredEntriesUnder = (retired: RetiredKeys | null, key: string | null): RetiredEntry[] => {
  const [under, entries = ''] = retired?.ciphertext.split('|') ?? [];
  if (key === null || under !== key) return [];
  return entries
    .split(' ')
    .filter((one) => one !== '')
    .map((one) => {
      const [retiredKey = '', at = '0', ids = ''] = one.split('~');
      return { key: retiredKey, retiredAt: Number(at), known: new Set(ids.split(',').filter((id) => id !== '')) };
    });
};

/** The keys a list of retired keys holds, newest first, if `key` opens it; else none. */
export const retiredUnder = (retired: RetiredKeys | null, key: string | null): string[] =>
  retiredEntriesUnder(retired, key).map((entry) => entry.key);
/** Whether a card sealed under `cardKey` opens under `key`, directly or through the account's retired keys. */
export const opensUnder = (key: string | null, retired: RetiredKeys | null, cardKey: string): boolean =>
  key !== null && (cardKey === key || retiredUnder(retired, key).includes(cardKey));

/** What a person sees of a card: id, date and version, sorted by id. */
const summary = (cards: readonly { id: string; modifiedAt: number; version: string }[]): string =>
  [...cards]
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((card) => `${card.id}@${card.modifiedAt}:${card.version}`)
    .join(' ');
export const shownSummary = (cards: readonly PlainCard[]): string =>
  summary(cards.map((card) => ({ id: card.id, modifiedAt: card.modifiedAt, version: card.data.cardholder })));
export const storedSummary = (collection: CardCollection): string =>
  summary(
    Object.values(collection.cards as Record<string, StoredCard>).map((card) => ({
      id: card.id,
      modifiedAt: card.modifiedAt,
      version: versionOf(card),
    })),
  );
