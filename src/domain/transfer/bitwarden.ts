/**
 * Bitwarden's unencrypted JSON export: `{encrypted: false, folders, items}`, where a payment card is an item of
 * `type: 3` with `card: {cardholderName, brand, number, expMonth, expYear, code}`. Sleeve reads its card items and
 * writes one in the same shape (the item's name is the issuer). Encrypted exports cannot be read without the account.
 *
 * A card's details (details.ts) are the item's `notes` and its custom fields `fields: [{name, value, type}]`: a field
 * named plainly for a PIN, a valid-from date, a phone number or a website fills it; the others are kept in the notes.
 * Sleeve writes them back the same way: `notes`, and the fields 'PIN' (hidden), 'Valid from', 'Phone' and 'Website'.
 */
import type { PlainCard } from '../card';
import type { CardDetails } from '../card-details';
import { InvalidArgumentError } from '../errors';
import { mapInSlices } from '../next-task';
import { toCardRow } from './card-fields';
import { DETAIL_LABELS, detailsOf, FIELD_DETAILS, namedValues } from './details';
import { splitExpiry } from './expiry';
import type { ImportParse, ImportRow, ThemeSource } from './import-row';
import { isObject, itemWhere } from './import-row';
import { indentedJson } from './json-text';
import { defaultTitle, plainTitleToIssuer } from './titles';

export const BITWARDEN_CARD_TYPE = 3;

/** Bitwarden's custom field types: text, and hidden (shown as dots until revealed). */
const TEXT_FIELD = 0;
const HIDDEN_FIELD = 1;

/** Brand names as Bitwarden's card editor offers them. */
const BRANDS = {
  VISA: 'Visa',
  MASTERCARD: 'Mastercard',
  AMEX: 'Amex',
  DISCOVER: 'Discover',
  DINERS: 'Diners Club',
  RUPAY: 'RuPay',
  OTHER: 'Other',
} as const;

export const BitwardenMessages = {
  encrypted:
    'This Bitwarden export is encrypted, so Sleeve cannot read it. In Bitwarden, export again with the file format “.json”, then import that file.',
  notExport: 'This file is not a Bitwarden JSON export.',
} as const;

/**
 * Whether a JSON value is shaped like a Bitwarden export (its cards are checked one by one later): items beside an
 * `encrypted` flag or folders, or a password-protected export, which holds only encrypted `data`.
 */
export const isBitwardenValue = (value: unknown): boolean =>
  isObject(value) &&
  ((Array.isArray(value.items) && (typeof value.encrypted === 'boolean' || Array.isArray(value.folders))) ||
    (value.encrypted === true && typeof value.encKeyValidation_DO_NOT_EDIT === 'string'));

/** Every card item of the export as a row; other items are counted as left out. Throws a plain message if encrypted. */
export function readBitwarden(value: unknown, theme: ThemeSource): ImportParse {
  if (!isBitwardenValue(value)) throw new InvalidArgumentError(BitwardenMessages.notExport);
  const file = value as { encrypted?: unknown; items: unknown[] };
  if (file.encrypted === true || !Array.isArray(file.items))
    throw new InvalidArgumentError(BitwardenMessages.encrypted);
  const rows: ImportRow[] = [];
  let leftOut = 0;
  file.items.forEach((item, index) => {
    if (!isObject(item) || item.type !== BITWARDEN_CARD_TYPE) {
      leftOut++;
      return;
    }
    const where = itemWhere(index + 1, item.name);
    if (item.deletedDate !== null && item.deletedDate !== undefined) {
      rows.push({ where, reason: 'it is in the trash in Bitwarden' });
      return;
    }
    const card = item.card;
    if (!isObject(card)) {
      rows.push({ where, reason: 'it has no card details' });
      return;
    }
    rows.push(
      toCardRow(where, {
        number: card.number,
        expiry: { month: card.expMonth, year: card.expYear },
        cardholder: card.cardholderName,
        issuer: plainTitleToIssuer(item.name, card.number),
        cvv: card.code,
        network: card.brand,
        theme: theme(),
        details: {
          notes: item.notes,
          fields: namedValues(item.fields, (field) => ({ name: field.name, value: field.value })),
        },
      }),
    );
  });
  return { format: 'bitwarden', rows, leftOut };
}

export interface PlainExportOptions {
  now: Date;
  /** A fresh unique id per item; the platform's UUIDs unless a test fixes them. */
  uuid?: () => string;
  /** Each card's details by card id; a card without an entry is written without details. */
  details?: ReadonlyMap<string, CardDetails>;
}

/** A card's details as Bitwarden custom fields, the PIN hidden as Bitwarden hides a card's code; none left empty. */
const customFields = (details: CardDetails) =>
  FIELD_DETAILS.filter((detail) => details[detail] !== '').map((detail) => ({
    name: DETAIL_LABELS[detail],
    value: details[detail],
    type: detail === 'pin' ? HIDDEN_FIELD : TEXT_FIELD,
    linkedId: null,
  }));

/**
 * The cards as a Bitwarden JSON export that Bitwarden (and most other managers) import: the file's text in parts, made
 * a slice of cards at a time (json-text.ts).
 */
export async function writeBitwarden(cards: readonly PlainCard[], options: PlainExportOptions): Promise<string[]> {
  const uuid = options.uuid ?? (() => crypto.randomUUID());
  const items = await mapInSlices(cards, (card) => {
    const { data } = card;
    const details = detailsOf(card, options.details);
    const expiry = splitExpiry(data.expiry);
    const date = new Date(card.modifiedAt).toISOString();
    // An expiry Sleeve could not split into a month and a year stays readable in the notes.
    const notes = [details.notes, expiry ? '' : `Expiry: ${data.expiry}`].filter((part) => part !== '').join('\n');
    const fields = customFields(details);
    return {
      id: uuid(),
      organizationId: null,
      folderId: null,
      type: BITWARDEN_CARD_TYPE,
      reprompt: 0,
      name: data.issuer || defaultTitle(data),
      notes: notes === '' ? null : notes,
      favorite: false,
      ...(fields.length > 0 && { fields }),
      card: {
        cardholderName: data.cardholder,
        brand: BRANDS[data.network],
        number: data.number,
        expMonth: expiry ? String(expiry.month) : null,
        expYear: expiry ? String(expiry.year) : null,
        code: data.cvv === '' ? null : data.cvv,
      },
      collectionIds: null,
      revisionDate: date,
      creationDate: date,
      deletedDate: null,
    };
  });
  return [...(await indentedJson({ encrypted: false, folders: [], items }, items)), '\n'];
}
