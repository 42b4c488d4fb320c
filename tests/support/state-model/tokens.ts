/**
 * Cards and records as tokens: a plain card carries its version in `cardholder`; a sealed one is
 * `{key}|{version}|{nonce}`, so it opens only under the key it was sealed with; a record's "wrapped key" is the key;
 * the account's retired keys are `{key}|{retired key} {retired key}…`, opened only by the key they are sealed under.
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

/** The keys a list of retired keys holds, newest first, if `key` opens it (crypto/retired-keys.ts); else none. */
export const retiredUnder = (retired: RetiredKeys | null, key: string | null): string[] => {
  const [under, keys = ''] = retired?.ciphertext.split('|') ?? [];
  return key !== null && under === key ? keys.split(' ').filter((one) => one !== '') : [];
};
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
