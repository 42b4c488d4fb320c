/**
 * What a person keeps about a card beyond SPEC.md's seven fields: the card's PIN, notes, the date it became valid,
 * and the bank's phone number and website. All optional ('' when not given).
 *
 * They are never part of the card's own plaintext, which stays exactly as DESIGN.md states it: the seed's clients
 * read and rewrite that, and would fail on a field they do not know or erase it. The details are a record of their
 * own beside the card, sealed with the same data key (docs/formats.md, 'Card details'). This module is their shape,
 * how they are stored and their plaintext; what a person may type is card-details-rules.ts's. Pure, so the editor,
 * import, search and the worker agree.
 */
export interface CardDetails {
  /** The card's PIN, 4 to 12 digits: kept as secret as the CVV, and more. */
  pin: string;
  /** Anything the person wants to remember about the card, up to NOTES_MAX characters. */
  notes: string;
  /** The month the card became valid, MM/YY. */
  validFrom: string;
  /** The bank's phone number, as the person wrote it (digits, spaces, + ( ) - .). */
  phone: string;
  /** The bank's website, an http(s) address. */
  website: string;
}

export const DETAIL_FIELDS = [
  'pin',
  'notes',
  'validFrom',
  'phone',
  'website',
] as const satisfies readonly (keyof CardDetails)[];

export const NO_DETAILS: Readonly<CardDetails> = { pin: '', notes: '', validFrom: '', phone: '', website: '' };

/** The address a website value opens, http(s) only; null for anything else (a `javascript:` URL above all). */
export function websiteHref(website: string): string | null {
  const typed = website.trim();
  if (typed === '') return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(typed) ? typed : `https://${typed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  // A host with a dot (bank.example) or localhost-like names are not what a bank's site looks like.
  if (!url.hostname.includes('.') || url.username || url.password) return null;
  return url.href;
}

/** What is stored of what was typed: values trimmed (a note's own line breaks kept), a website with its scheme. */
export function normaliseDetails(details: CardDetails): CardDetails {
  const website = details.website.trim();
  return {
    pin: details.pin.trim(),
    notes: details.notes.trim(),
    validFrom: details.validFrom.trim(),
    phone: details.phone.trim().replace(/\s+/g, ' '),
    website: website === '' ? '' : (websiteHref(website) ?? website),
  };
}

/**
 * A details record as stored and sent: the card's id, the details sealed, and when they last changed (their own date,
 * not the card's: newer wins for details on their own). `data` is the sealed form when the card's collection is
 * encrypted, the plaintext's JSON value when it is not (a device without a PIN or account).
 */
export interface DetailsRecord<Data> {
  id: string;
  data: Data;
  modifiedAt: number;
}

export type EncryptedDetails = DetailsRecord<{ cipherText: string; iv: string }>;

/**
 * The additional data a details record is sealed with: a label and the card's id. Cards are sealed with none, so
 * neither can be taken for the other, and one card's details never open as another's.
 */
export const detailsLabel = (cardId: string): string => `Sleeve card details v1 ${cardId}`;

/** One details record opened: its plaintext, or why it did not open. */
export type DetailsOutcome = { id: string; modifiedAt: number; plain: DetailsPlain } | { id: string; reason: string };

/** Why a details record that decrypted could not be read. */
export const DETAILS_NOT_READABLE = 'its decrypted contents are not card details';

export const hasDetails = (details: CardDetails): boolean => DETAIL_FIELDS.some((field) => details[field] !== '');

export const sameDetails = (a: CardDetails, b: CardDetails): boolean =>
  DETAIL_FIELDS.every((field) => a[field] === b[field]);

/**
 * A details record's plaintext as opened: the fields Sleeve knows, and every other field as it was, so that a later
 * version's field survives an edit by this one.
 */
export interface DetailsPlain {
  details: CardDetails;
  /** Fields this version does not know, kept and written back untouched. */
  unknown: Readonly<Record<string, unknown>>;
}

/**
 * Reads an opened details record's JSON value: an object whose known fields, when present, are strings. Null for
 * anything else, which the caller reports as an unreadable record rather than guessing.
 */
export function readDetailsPlain(value: unknown): DetailsPlain | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const details: CardDetails = { ...NO_DETAILS };
  const unknown: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if ((DETAIL_FIELDS as readonly string[]).includes(key)) {
      if (typeof field !== 'string') return null;
      details[key as keyof CardDetails] = field;
    } else {
      unknown[key] = field;
    }
  }
  return { details, unknown };
}

/** The JSON value sealed into a details record: the given fields only ('' left out), then the unknown ones. */
export function writeDetailsPlain({ details, unknown }: DetailsPlain): Record<string, unknown> {
  const plain: Record<string, unknown> = { ...unknown };
  for (const field of DETAIL_FIELDS) {
    if (details[field] !== '') plain[field] = details[field];
    else delete plain[field];
  }
  return plain;
}
