/**
 * The one set of rules every format's card goes through on its way into Sleeve, so a card from Bitwarden, Proton
 * Pass, a Credential Exchange file or a CSV row is held to the same limits as one typed into the form (SPEC.md §5,
 * card-brands.ts): a number as long as its network's numbers are, an expiry as MM/YY, a cardholder of 2 to 30
 * characters. The network is the one the file names; a file that names none gets the one the number's issuer range
 * shows, as the form does while nobody has picked one. What a required field cannot meet is the row's reason; an
 * optional value that cannot be kept (a code of the wrong length, a long issuer, an unknown network) is left out or
 * shortened and said so in a change. A number that fails the checksum is kept: the card shows the warning later.
 * What the file keeps beside the card (a PIN, notes, a phone number) comes with it, by the rules of details.ts.
 */
import type { CardData, Network, Theme } from '../card';
import { NETWORK_LABELS } from '../card';
import { BRAND_RULES, detectNetwork, hasBrandLength } from '../card-brands';
import { CARDHOLDER_MAX, CARDHOLDER_MIN, ISSUER_MAX } from '../card-form';
import { type RawDetails, readDetails } from './details';
import { type ExpiryInput, readExpiry } from './expiry';
import type { ImportRow } from './import-row';
import { quoted, textOf } from './import-row';
import { namesNoNetwork, networkFromBrand } from './networks';

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
  /** What the file keeps about the card beyond its fields; read by the rules of details.ts. */
  details?: RawDetails;
  id?: string;
  modifiedAt?: number;
}

/** The card number's digits, or why there are none Sleeve can keep. Spaces, dashes and dots are separators. */
function readNumber(value: unknown): { digits: string } | { reason: string } {
  // A card number written as a JSON number may have lost leading zeros or, past 2^53, its last digits.
  const typed = typeof value === 'number' ? null : textOf(value);
  if (typed === null) return { reason: 'its card number is not text' };
  if (typed === '') return { reason: 'it has no card number' };
  if (!/^[\d\s.-]+$/.test(typed)) return { reason: 'its card number holds characters other than digits' };
  return { digits: typed.replace(/\D/g, '') };
}

/** 'Visa cards', or for OTHER 'cards of other networks'. */
const cardsOf = (network: Network): string =>
  network === 'OTHER' ? 'cards of other networks' : `${NETWORK_LABELS[network]} cards`;

/** 'its card number has 15 digits; Sleeve keeps 16 digits for Visa cards'. */
function lengthReason(count: number, network: Network): string {
  const { minDigits, maxDigits } = BRAND_RULES[network];
  const lengths = minDigits === maxDigits ? `${minDigits}` : `${minDigits} to ${maxDigits}`;
  return `its card number has ${count} digits; Sleeve keeps ${lengths} digits for ${cardsOf(network)}`;
}

function readCardholder(value: unknown): { name: string } | { reason: string } {
  const name = textOf(value);
  if (name === null) return { reason: 'its cardholder name is not text' };
  if (name === '') return { reason: 'it has no cardholder name' };
  if (name.length < CARDHOLDER_MIN) return { reason: 'its cardholder name is shorter than 2 characters' };
  if (name.length > CARDHOLDER_MAX) return { reason: 'its cardholder name is longer than 30 characters' };
  return { name };
}

/** The first reason a row cannot be imported, or the card with its changes. */
export function toCardRow(where: string, raw: RawCard): ImportRow {
  const number = readNumber(raw.number);
  if ('reason' in number) return { where, reason: number.reason };
  const network = readNetwork(raw.network, number.digits);
  if (!hasBrandLength(number.digits, network.network)) {
    return { where, reason: lengthReason(number.digits.length, network.network) };
  }
  const expiry = readExpiry(raw.expiry);
  if ('reason' in expiry) return { where, reason: expiry.reason };
  const cardholder = readCardholder(raw.cardholder);
  if ('reason' in cardholder) return { where, reason: cardholder.reason };

  const changes: string[] = [];
  let issuer = textOf(raw.issuer);
  if (issuer === null) {
    changes.push('its issuer was not text and was left out');
    issuer = '';
  } else if (issuer.length > ISSUER_MAX) {
    changes.push('its issuer was shortened to 30 characters');
    issuer = issuer.slice(0, ISSUER_MAX).trimEnd();
  }

  let cvv = textOf(raw.cvv);
  const cvvDigits = BRAND_RULES[network.network].cvvDigits;
  if (cvv === null || (cvv !== '' && !/^\d+$/.test(cvv))) {
    changes.push('its security code was not digits and was left out');
    cvv = '';
  } else if (cvv !== '' && cvv.length !== cvvDigits) {
    changes.push(
      `its ${cvv.length}-digit security code was left out; Sleeve keeps ${cvvDigits}-digit codes for ${cardsOf(network.network)}`,
    );
    cvv = '';
  }

  if (network.change) changes.push(network.change);
  const data: CardData = {
    number: number.digits,
    expiry: expiry.expiry,
    cardholder: cardholder.name,
    issuer,
    cvv,
    network: network.network,
    theme: raw.theme,
  };
  const details = readDetails(raw.details ?? {});
  changes.push(...details.changes);
  const card = { data, changes, details: details.details, ...(raw.id !== undefined && { id: raw.id }) };
  return { where, card: raw.modifiedAt === undefined ? card : { ...card, modifiedAt: raw.modifiedAt } };
}

/** The network the file names, or the number's when it names none; a change when a name could not be kept. */
function readNetwork(value: unknown, digits: string): { network: Network; change?: string } {
  const name = textOf(value);
  if (name === null) return { network: 'OTHER', change: 'its network was not text, so it is kept as Other' };
  if (namesNoNetwork(name)) return { network: detectNetwork(digits) };
  const network = networkFromBrand(name);
  if (network) return { network };
  const shown = quoted(name);
  return {
    network: 'OTHER',
    change: shown
      ? `its network ${shown} is not one Sleeve knows, so it is kept as Other`
      : 'its network is not one Sleeve knows, so it is kept as Other',
  };
}

/** How a network is written in the plain formats Sleeve exports ('Visa', 'Mastercard', …). */
export const networkLabel = (network: Network): string => NETWORK_LABELS[network];
