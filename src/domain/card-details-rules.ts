/**
 * What a person may keep as a card's details (src/domain/card-details.ts): the limits, the messages for the editor,
 * the check of each field, and the phone number's `tel:` link. Apart from the details' shape and plaintext, which the
 * state layer needs on every start, so these load with the editor, the card's details and the import.
 */
import { readExpiryMonth } from './card-checks';
import { type CardDetails, websiteHref } from './card-details';
import { groupThousands } from './counts';

export const CARD_PIN_MIN = 4;
export const CARD_PIN_MAX = 12;
export const NOTES_MAX = 1000;
export const PHONE_DIGITS_MIN = 3;
export const PHONE_MAX = 30;
export const WEBSITE_MAX = 300;

/** `notes` is composed when asked for, as card-cap.ts's messages are. */
export const CardDetailsMessages = {
  pin: `Card PIN must be ${CARD_PIN_MIN} to ${CARD_PIN_MAX} digits long or can be empty`,
  get notes(): string {
    return `Notes can be at most ${groupThousands(NOTES_MAX)} characters long`;
  },
  validFrom: 'Valid from must be a valid date in MM/YY format or can be empty',
  validFromMonth: 'Valid from month must be between 01 and 12',
  phone: 'Phone number can only hold digits, spaces and + ( ) - .',
  website: 'Website must be a web address, like bank.example',
} as const;

export type CardDetailsErrors = Partial<Record<keyof CardDetails, string>>;

/** Characters, as a person counts them: an emoji or an accented letter is one. */
export const characterCount = (text: string): number => [...text].length;

/** The `tel:` link of a phone value: its leading + and its digits; null when it is not a phone number. */
export function phoneHref(phone: string): string | null {
  const typed = phone.trim();
  if (!/^\+?[\d\s().-]+$/.test(typed)) return null;
  const digits = typed.replace(/\D/g, '');
  if (digits.length < PHONE_DIGITS_MIN || typed.length > PHONE_MAX) return null;
  return `tel:${typed.startsWith('+') ? '+' : ''}${digits}`;
}

/** Field errors for a card's details; empty when they can be saved. */
export function validateDetails(details: CardDetails): CardDetailsErrors {
  const errors: CardDetailsErrors = {};
  if (details.pin !== '' && !new RegExp(`^\\d{${CARD_PIN_MIN},${CARD_PIN_MAX}}$`).test(details.pin)) {
    errors.pin = CardDetailsMessages.pin;
  }
  if (characterCount(details.notes) > NOTES_MAX) errors.notes = CardDetailsMessages.notes;
  if (details.validFrom !== '') {
    if (!/^\d{2}\/\d{2}$/.test(details.validFrom)) errors.validFrom = CardDetailsMessages.validFrom;
    else if (!readExpiryMonth(details.validFrom)) errors.validFrom = CardDetailsMessages.validFromMonth;
  }
  if (details.phone.trim() !== '' && !phoneHref(details.phone)) errors.phone = CardDetailsMessages.phone;
  const website = details.website.trim();
  if (website !== '' && (website.length > WEBSITE_MAX || !websiteHref(website))) {
    errors.website = CardDetailsMessages.website;
  }
  return errors;
}
