/** Card form rules and input shaping (SPEC.md §5). Pure, so screens, tests and the worker agree. */
import type { CardData } from './card';

export const CARD_NUMBER_DIGITS = 16;
export const CARD_NUMBER_DISPLAY_LENGTH = 19;
export const EXPIRY_LENGTH = 5;
export const CARDHOLDER_MIN = 2;
export const CARDHOLDER_MAX = 30;
export const ISSUER_MAX = 30;
export const CVV_DIGITS = 3;

export const CardFormMessages = {
  number: 'Card number must be exact 16 digits long',
  expiry: 'Expiry date must be a valid date in MM/YY format',
  cardholder: 'Cardholder name must be at least 2 characters long',
  cvv: 'CVV must be exact 3 digits long or can be empty',
} as const;

export type CardFormErrors = Partial<Record<'number' | 'expiry' | 'cardholder' | 'cvv', string>>;

/** Field errors for a card; empty when the card can be saved. */
export function validateCard(data: CardData): CardFormErrors {
  const errors: CardFormErrors = {};
  if (!/^\d{16}$/.test(data.number)) errors.number = CardFormMessages.number;
  // SPEC.md §5: only the length of the expiry is checked.
  if (data.expiry.length !== EXPIRY_LENGTH) errors.expiry = CardFormMessages.expiry;
  const holder = data.cardholder.trim();
  if (holder.length < CARDHOLDER_MIN || holder.length > CARDHOLDER_MAX) errors.cardholder = CardFormMessages.cardholder;
  if (!/^(\d{3})?$/.test(data.cvv)) errors.cvv = CardFormMessages.cvv;
  return errors;
}

export const hasErrors = (errors: CardFormErrors): boolean => Object.keys(errors).length > 0;

const digitsOnly = (text: string): string => text.replace(/\D/g, '');

/** What the number field keeps of what was typed or pasted: up to 16 digits. */
export const cleanCardNumber = (typed: string): string => digitsOnly(typed).slice(0, CARD_NUMBER_DIGITS);

/** 4111111111111111 → '4111 1111 1111 1111'. */
export const groupCardNumber = (digits: string): string => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

/**
 * What the expiry field shows for what was typed: digits only, at most four; a first digit above 1 gets a
 * leading 0 (a month cannot start with 2-9); a slash follows the month. `previous` lets backspace remove the
 * slash and the digit before it instead of the slash reappearing at once.
 */
export function shapeExpiry(typed: string, previous = ''): string {
  let digits = digitsOnly(typed);
  const deletingSlash = previous.endsWith('/') && typed === previous.slice(0, -1);
  if (deletingSlash) digits = digits.slice(0, -1);
  const first = digits[0];
  if (first !== undefined && first > '1') digits = `0${digits}`;
  digits = digits.slice(0, 4);
  if (digits.length < 2) return digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

export const cleanCvv = (typed: string): string => digitsOnly(typed).slice(0, CVV_DIGITS);

/** Shows the first and last four digits; the middle eight become dots. */
export function maskCardNumber(digits: string): string {
  if (digits.length !== CARD_NUMBER_DIGITS) return groupCardNumber(digits);
  return `${digits.slice(0, 4)} •••• •••• ${digits.slice(12)}`;
}

/** Trims what the person typed before it is stored. */
export function normaliseCard(data: CardData): CardData {
  return {
    ...data,
    number: cleanCardNumber(data.number),
    cardholder: data.cardholder.trim(),
    issuer: data.issuer.trim().slice(0, ISSUER_MAX),
  };
}
