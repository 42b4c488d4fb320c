/**
 * Card form rules and input shaping (SPEC.md §5), by the card's network (card-brands.ts). Pure, so screens, import,
 * tests and the worker agree. SPEC.md's messages are the 16-digit networks' and 3-digit codes'; the other lengths
 * say their own numbers in the same words.
 */
import type { CardData, Network } from './card';
import { BRAND_RULES, hasBrandLength } from './card-brands';
import { CHECKSUM_WARNING, passesLuhn, readExpiryMonth } from './card-checks';

export const EXPIRY_LENGTH = 5;
export const CARDHOLDER_MIN = 2;
export const CARDHOLDER_MAX = 30;
export const ISSUER_MAX = 30;

/** SPEC.md §5's messages, exactly. */
export const CardFormMessages = {
  number: 'Card number must be exact 16 digits long',
  expiry: 'Expiry date must be a valid date in MM/YY format',
  cardholder: 'Cardholder name must be at least 2 characters long',
  cvv: 'CVV must be exact 3 digits long or can be empty',
} as const;

/** A month that is not one of the year's twelve (SPEC.md's expiry message is about the format). */
export const EXPIRY_MONTH_MESSAGE = 'Expiry month must be between 01 and 12';

export { CHECKSUM_WARNING } from './card-checks';

/**
 * 'Card number must be exact 16 digits long' (SPEC.md), '… exact 15 …', '… between 14 and 16 digits long'. A form
 * with no number and no network yet says SPEC.md's text, as it always has: nothing typed names a length.
 */
export function numberMessage(network: Network, number = ''): string {
  if (network === 'OTHER' && number === '') return CardFormMessages.number;
  const { minDigits, maxDigits } = BRAND_RULES[network];
  return minDigits === maxDigits
    ? `Card number must be exact ${minDigits} digits long`
    : `Card number must be between ${minDigits} and ${maxDigits} digits long`;
}

/** 'CVV must be exact 3 digits long or can be empty' (SPEC.md), or the 4-digit variant for American Express. */
export const cvvMessage = (network: Network): string =>
  `CVV must be exact ${BRAND_RULES[network].cvvDigits} digits long or can be empty`;

export type CardFormErrors = Partial<Record<'number' | 'expiry' | 'cardholder' | 'cvv', string>>;

/** Field errors for a card; empty when the card can be saved. */
export function validateCard(data: CardData): CardFormErrors {
  const errors: CardFormErrors = {};
  if (!hasBrandLength(data.number, data.network)) errors.number = numberMessage(data.network, data.number);
  if (data.expiry.length !== EXPIRY_LENGTH || !/^\d{2}\/\d{2}$/.test(data.expiry)) {
    errors.expiry = CardFormMessages.expiry;
  } else if (!readExpiryMonth(data.expiry)) {
    errors.expiry = EXPIRY_MONTH_MESSAGE;
  }
  const holder = data.cardholder.trim();
  if (holder.length < CARDHOLDER_MIN || holder.length > CARDHOLDER_MAX) errors.cardholder = CardFormMessages.cardholder;
  const cvvDigits = BRAND_RULES[data.network].cvvDigits;
  if (data.cvv !== '' && !new RegExp(`^\\d{${cvvDigits}}$`).test(data.cvv)) errors.cvv = cvvMessage(data.network);
  return errors;
}

export const hasErrors = (errors: CardFormErrors): boolean => Object.keys(errors).length > 0;

/**
 * The checksum warning for a number of a length its network allows that fails the Luhn check; nothing while the
 * number is still being typed (too short) or cannot be saved anyway (too long).
 */
export function numberWarning(number: string, network: Network): string | undefined {
  return hasBrandLength(number, network) && !passesLuhn(number) ? CHECKSUM_WARNING : undefined;
}

const digitsOnly = (text: string): string => text.replace(/\D/g, '');

/** What the number field keeps of what was typed or pasted: digits only, at most as many as the network has. */
export const cleanCardNumber = (typed: string, network: Network): string =>
  digitsOnly(typed).slice(0, BRAND_RULES[network].maxDigits);

/**
 * What the expiry field shows for what was typed: digits only, at most four; a first digit above 1 gets a
 * leading 0 (a month cannot start with 2-9); a slash follows the month. `previous` lets backspace remove the
 * slash and the digit before it instead of the slash reappearing at once.
 */
export function shapeExpiry(typed: string, previous = ''): string {
  // A browser filling a saved card may give the year in full ('7/2031', '07-2031'); typing never can (five
  // characters at most), so this is only ever a fill.
  const filled = /^\s*(\d{1,2})\s*[/-]\s*\d{2}(\d{2})\s*$/.exec(typed);
  if (filled) return `${(filled[1] as string).padStart(2, '0')}/${filled[2]}`;
  let digits = digitsOnly(typed);
  const deletingSlash = previous.endsWith('/') && typed === previous.slice(0, -1);
  if (deletingSlash) digits = digits.slice(0, -1);
  const first = digits[0];
  if (first !== undefined && first > '1') digits = `0${digits}`;
  digits = digits.slice(0, 4);
  if (digits.length < 2) return digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/** What the CVV field keeps: digits only, at most as many as the network's code has. */
export const cleanCvv = (typed: string, network: Network): string =>
  digitsOnly(typed).slice(0, BRAND_RULES[network].cvvDigits);

/** Trims what the person typed before it is stored. */
export function normaliseCard(data: CardData): CardData {
  return {
    ...data,
    number: digitsOnly(data.number),
    cardholder: data.cardholder.trim(),
    issuer: data.issuer.trim().slice(0, ISSUER_MAX),
  };
}
