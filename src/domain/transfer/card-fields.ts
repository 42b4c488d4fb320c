/**
 * The one set of rules every format's card goes through on its way into Sleeve, so a card from Bitwarden, Proton
 * Pass, a Credential Exchange file or a CSV row is held to the same limits as one typed into the form (SPEC.md §5):
 * a 16-digit number, an expiry as MM/YY, a cardholder of 2 to 30 characters. What a required field cannot meet is the
 * row's reason; an optional value that cannot be kept (a 4-digit code, a long issuer, an unknown network) is left out
 * or shortened and said so in a note.
 */
import type { CardData, Network, Theme } from '../card';
import { NETWORK_LABELS } from '../card';
import { CARDHOLDER_MAX, CARDHOLDER_MIN, CVV_DIGITS, ISSUER_MAX } from '../card-form';
import { type ExpiryInput, readExpiry } from './expiry';
import type { ImportRow } from './import-row';
import { quoted } from './import-row';
import { networkFromBrand } from './networks';

/** A card's fields as a file holds them, before any rule is applied. Absent and empty mean the same. */
export interface RawCard {
  number: unknown;
  expiry: ExpiryInput;
  cardholder: unknown;
  issuer?: unknown;
  cvv?: unknown;
  /** A brand or network as the file names it ('Visa', 'American Express'), or one of Sleeve's own names. */
  network?: unknown;
  theme: Theme;
  id?: string;
  modifiedAt?: number;
}

const CARD_DIGITS = 16;

const text = (value: unknown): string | null => {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value.trim();
  // A number in a JSON file is read as its digits; anything else is not text at all.
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value);
  return null;
};

/** The card number's digits, or why there are none Sleeve can keep. Spaces, dashes and dots are separators. */
function readNumber(value: unknown): { digits: string } | { reason: string } {
  // A card number written as a JSON number may have lost leading zeros or, past 2^53, its last digits.
  const typed = typeof value === 'number' ? null : text(value);
  if (typed === null) return { reason: 'its card number is not text' };
  if (typed === '') return { reason: 'it has no card number' };
  if (!/^[\d\s.-]+$/.test(typed)) return { reason: 'its card number holds characters other than digits' };
  const digits = typed.replace(/\D/g, '');
  if (digits.length !== CARD_DIGITS) {
    return { reason: `its card number has ${digits.length} digits; Sleeve keeps 16-digit card numbers only` };
  }
  return { digits };
}

function readCardholder(value: unknown): { name: string } | { reason: string } {
  const name = text(value);
  if (name === null) return { reason: 'its cardholder name is not text' };
  if (name === '') return { reason: 'it has no cardholder name' };
  if (name.length < CARDHOLDER_MIN) return { reason: 'its cardholder name is shorter than 2 characters' };
  if (name.length > CARDHOLDER_MAX) return { reason: 'its cardholder name is longer than 30 characters' };
  return { name };
}

/** The first reason a row cannot be imported, or the card with its notes. */
export function toCardRow(where: string, raw: RawCard): ImportRow {
  const number = readNumber(raw.number);
  if ('reason' in number) return { where, reason: number.reason };
  const expiry = readExpiry(raw.expiry);
  if ('reason' in expiry) return { where, reason: expiry.reason };
  const cardholder = readCardholder(raw.cardholder);
  if ('reason' in cardholder) return { where, reason: cardholder.reason };

  const notes: string[] = [];
  let issuer = text(raw.issuer);
  if (issuer === null) {
    notes.push('its issuer was not text and was left out');
    issuer = '';
  } else if (issuer.length > ISSUER_MAX) {
    notes.push('its issuer was shortened to 30 characters');
    issuer = issuer.slice(0, ISSUER_MAX).trimEnd();
  }

  let cvv = text(raw.cvv);
  if (cvv === null || (cvv !== '' && !/^\d+$/.test(cvv))) {
    notes.push('its security code was not digits and was left out');
    cvv = '';
  } else if (cvv !== '' && cvv.length !== CVV_DIGITS) {
    notes.push(`its ${cvv.length}-digit security code was left out; Sleeve keeps 3-digit codes only`);
    cvv = '';
  }

  const network = readNetwork(raw.network, notes);
  const data: CardData = {
    number: number.digits,
    expiry: expiry.expiry,
    cardholder: cardholder.name,
    issuer,
    cvv,
    network,
    theme: raw.theme,
  };
  const card = { data, notes, ...(raw.id !== undefined && { id: raw.id }) };
  return { where, card: raw.modifiedAt === undefined ? card : { ...card, modifiedAt: raw.modifiedAt } };
}

function readNetwork(value: unknown, notes: string[]): Network {
  const name = text(value);
  if (name === null) {
    notes.push('its network was not text, so it is kept as Other');
    return 'OTHER';
  }
  const network = networkFromBrand(name);
  if (network) return network;
  const shown = quoted(name);
  notes.push(
    shown
      ? `its network ${shown} is not one Sleeve knows, so it is kept as Other`
      : 'its network is not one Sleeve knows, so it is kept as Other',
  );
  return 'OTHER';
}

/** How a network is written in the plain formats Sleeve exports ('Visa', 'Mastercard', …). */
export const networkLabel = (network: Network): string => NETWORK_LABELS[network];
