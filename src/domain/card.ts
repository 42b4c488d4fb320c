/** Card shapes, exactly as stored (DESIGN.md, "Crypto and wire formats"). */

export const NETWORKS = ['VISA', 'MASTERCARD', 'RUPAY', 'DISCOVER', 'DINERS', 'AMEX', 'OTHER'] as const;
export type Network = (typeof NETWORKS)[number];

/** Display names for the network picker and the card preview. */
export const NETWORK_LABELS: Readonly<Record<Network, string>> = {
  VISA: 'Visa',
  MASTERCARD: 'Mastercard',
  RUPAY: 'RuPay',
  DISCOVER: 'Discover',
  DINERS: 'Diners Club',
  AMEX: 'American Express',
  OTHER: 'Other',
};

export const THEMES = [
  'SKY',
  'PINK',
  'RED',
  'CYAN',
  'YELLOW',
  'BLUE',
  'GREEN',
  'EMERALD',
  'FUCHSIA',
  'PURPLE',
  'VIOLET',
  'INDIGO',
  'ORANGE',
  'TEAL',
  'ROSE',
] as const;
export type Theme = (typeof THEMES)[number];

/** What a person types about a card. `number` holds the digits without spaces, as many as the card has. */
export interface CardData {
  number: string;
  expiry: string;
  cardholder: string;
  issuer: string;
  cvv: string;
  network: Network;
  theme: Theme;
}

export interface PlainCard {
  id: string;
  data: CardData;
  modifiedAt: number;
}

/** AES-GCM output of a card's JSON, both fields standard base64. Note the capital T. */
export interface EncryptedCardData {
  cipherText: string;
  iv: string;
}

export interface EncryptedCard {
  id: string;
  data: EncryptedCardData;
  modifiedAt: number;
}

export type PlainCollection = { type: 'UNENCRYPTED'; cards: Record<string, PlainCard> };
export type EncryptedCollection = { type: 'ENCRYPTED'; cards: Record<string, EncryptedCard> };
/** One collection never mixes the two kinds of card. */
export type CardCollection = PlainCollection | EncryptedCollection;

/** A card as stored: plain, or encrypted under the data key. */
export type StoredCard = PlainCard | EncryptedCard;

/** A stored card that could not be opened: kept as it is stored, shown to the person by id and date. */
export interface UnreadableCard {
  id: string;
  modifiedAt: number;
  reason: string;
  /**
   * What it is, for a card that opened under one of the account's retired keys but was saved with it after the key
   * was replaced (`SAVED_WITH_OLD_KEY`, src/domain/saved-with-old-key.ts): enough to tell it, so the person can keep or delete it.
   */
  seen?: { network: Network; last4: string; cardholder: string };
}

/**
 * Why a card did not open, in words the list of unreadable cards shows. `wrongKey` is also how a newer password's
 * key is found not to be the one the cards were encrypted under (src/domain/key-proof.ts).
 */
export const UnreadableReasons = {
  damaged: 'its encrypted contents are damaged',
  wrongKey: 'it was encrypted with another key, or changed after it was encrypted',
  notCard: 'its decrypted contents are not a card',
} as const;

/** What opening a collection gives: the cards that opened, newest first, and the ones that did not. */
export interface OpenedCards {
  cards: PlainCard[];
  unreadable: UnreadableCard[];
  /**
   * The ids of cards that opened only under one of the account's retired keys (sealed by a device that had not yet
   * followed a key replacement): shown like any other, and to be sealed again under the current key. Absent: none.
   */
  underRetiredKey?: string[];
}

export const emptyPlainCollection = (): PlainCollection => ({ type: 'UNENCRYPTED', cards: {} });

export const CARD_ID_LENGTH = 8;
export const CARD_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A collection without one card; deleting needs no key, so it is plain data work. */
export function withoutCard<C extends CardCollection>(collection: C, id: string): C {
  const cards = { ...collection.cards };
  delete cards[id];
  return { ...collection, cards } as C;
}
