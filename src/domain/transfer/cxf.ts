/**
 * The FIDO Alliance's Credential Exchange Format (CXF 1.0), unencrypted JSON: a header `{version: {major, minor},
 * exporterRpId, exporterDisplayName, timestamp, accounts: [{id, username, email, collections, items}]}`, where each
 * item `{id, creationAt, modifiedAt, title, credentials}` may hold `credit-card` credentials: `{type: 'credit-card',
 * number, fullName, cardType, verificationNumber, pin, expiryDate, validFrom}`, every field an editable field
 * `{fieldType, value}` (early drafts wrote plain strings; both are read). `expiryDate` is a 'year-month' field,
 * 'YYYY-MM'. Timestamps are seconds since the epoch; ids are base64url of up to 64 bytes.
 *
 * A card's details (details.ts): `pin` and `validFrom` (a 'year-month' field) of the credential, and the notes from
 * the item's `note` credentials `{type: 'note', content}`. A credit card in CXF 1.0 has no field for the bank's phone
 * or website, so Sleeve writes them as the note's last lines, 'Phone: …' and 'Website: …', and reads them back from
 * there.
 */
import type { PlainCard } from '../card';
import type { CardDetails } from '../card-details';
import { InvalidArgumentError } from '../errors';
import { mapInSlices } from '../next-task';
import type { PlainExportOptions } from './bitwarden';
import { networkLabel, toCardRow } from './card-fields';
import type { NamedValue, RawDetails } from './details';
import { DETAIL_LABELS, detailsOf } from './details';
import { splitExpiry } from './expiry';
import type { ImportParse, ImportRow, ThemeSource } from './import-row';
import { isObject, itemWhere } from './import-row';
import { indentedJson } from './json-text';
import { defaultTitle, plainTitleToIssuer } from './titles';

const CREDIT_CARD = 'credit-card';
const NOTE = 'note';
/** The details a credit card has no field for, kept as the note's last lines. */
const NOTE_LINES = ['phone', 'website'] as const;
const SUPPORTED_MAJOR = 1;

export const CxfMessages = {
  notExport: 'This file is not a Credential Exchange (CXF) export.',
  newer: (major: number) =>
    `This Credential Exchange file uses version ${major} of the format, which Sleeve cannot read yet.`,
} as const;

const majorVersion = (version: unknown): number | null => {
  if (typeof version === 'number') return version;
  if (isObject(version) && typeof version.major === 'number') return version.major;
  return null;
};

export const isCxfValue = (value: unknown): boolean =>
  isObject(value) && Array.isArray(value.accounts) && majorVersion(value.version) !== null;

/** A field's value: `{fieldType, value}` or, in early drafts, the bare string. */
const fieldValue = (field: unknown): unknown => (isObject(field) ? field.value : field);

/** The item's notes, the 'Phone: …' and 'Website: …' lines at their end taken out as fields of their own. */
function itemNotes(credentials: readonly unknown[]): RawDetails {
  const lines = credentials
    .map((credential) => (isObject(credential) && credential.type === NOTE ? fieldValue(credential.content) : null))
    .filter((content): content is string => typeof content === 'string')
    .join('\n')
    .trimEnd()
    .split('\n');
  const labels: readonly string[] = NOTE_LINES.map((detail) => DETAIL_LABELS[detail]);
  const fields: NamedValue[] = [];
  for (;;) {
    const match = /^([^:]+): (.+)$/.exec(lines.at(-1) ?? '');
    const name = match?.[1] ?? '';
    if (!match || !labels.includes(name) || fields.some((field) => field.name === name)) break;
    fields.unshift({ name, value: match[2] as string });
    lines.pop();
  }
  return { notes: lines.join('\n'), fields };
}

/** Every credit-card credential of every item of every account as a row; items without one are left out. */
export function readCxf(value: unknown, theme: ThemeSource): ImportParse {
  if (!isCxfValue(value)) throw new InvalidArgumentError(CxfMessages.notExport);
  const file = value as { version: unknown; accounts: unknown[] };
  const major = majorVersion(file.version) as number;
  if (major > SUPPORTED_MAJOR) throw new InvalidArgumentError(CxfMessages.newer(major));
  const rows: ImportRow[] = [];
  let leftOut = 0;
  let position = 0;
  for (const account of file.accounts) {
    const items = isObject(account) && Array.isArray(account.items) ? account.items : [];
    for (const item of items) {
      position++;
      const credentials = isObject(item) && Array.isArray(item.credentials) ? item.credentials : [];
      const cards = credentials.filter((credential) => isObject(credential) && credential.type === CREDIT_CARD);
      if (cards.length === 0) {
        leftOut++;
        continue;
      }
      const title = (item as Record<string, unknown>).title;
      // The item's note belongs to each of its cards.
      const notes = itemNotes(credentials);
      cards.forEach((credential, index) => {
        const fields = credential as Record<string, unknown>;
        const base = itemWhere(position, title);
        const where = cards.length > 1 ? `${base}, card ${index + 1}` : base;
        const number = fieldValue(fields.number);
        rows.push(
          toCardRow(where, {
            number,
            expiry: fieldValue(fields.expiryDate),
            cardholder: fieldValue(fields.fullName),
            issuer: plainTitleToIssuer(title, number),
            cvv: fieldValue(fields.verificationNumber),
            network: fieldValue(fields.cardType),
            theme: theme(),
            details: { ...notes, pin: fieldValue(fields.pin), validFrom: fieldValue(fields.validFrom) },
          }),
        );
      });
    }
  }
  return { format: 'cxf', rows, leftOut };
}

export interface CxfExportOptions extends PlainExportOptions {
  /** The exporting app as a relying party identifier: the host Sleeve is served from. */
  rpId: string;
  /** Random bytes for the opaque ids; the platform CSPRNG unless a test fixes them. */
  randomBytes?: (length: number) => Uint8Array;
}

const base64url = (bytes: Uint8Array): string =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

const seconds = (ms: number): number => Math.floor(ms / 1000);

/** Sleeve's MM/YY as a CXF 'year-month' field, or null when it cannot be split into a month and a year. */
function yearMonth(monthYear: string): { fieldType: 'year-month'; value: string } | null {
  const date = splitExpiry(monthYear);
  return date ? { fieldType: 'year-month', value: `${date.year}-${String(date.month).padStart(2, '0')}` } : null;
}

/** The note credential of a card's details: its notes, then the phone and website lines; null when there is none. */
function noteCredential(details: CardDetails): Record<string, unknown> | null {
  const lines = NOTE_LINES.filter((detail) => details[detail] !== '').map(
    (detail) => `${DETAIL_LABELS[detail]}: ${details[detail]}`,
  );
  const content = [details.notes, ...lines].filter((part) => part !== '').join('\n');
  return content === '' ? null : { type: NOTE, content: { fieldType: 'string', value: content } };
}

/** The cards as one account's items in a CXF 1.0 document: its text in parts, a slice of cards at a time (json-text.ts). */
export async function writeCxf(cards: readonly PlainCard[], options: CxfExportOptions): Promise<string[]> {
  const random = options.randomBytes ?? ((length: number) => crypto.getRandomValues(new Uint8Array(length)));
  const id = () => base64url(random(16));
  const items = await mapInSlices(cards, (card) => {
    const { data } = card;
    const details = detailsOf(card, options.details);
    const expiry = yearMonth(data.expiry);
    const credential: Record<string, unknown> = {
      type: CREDIT_CARD,
      number: { fieldType: 'concealed-string', value: data.number },
      fullName: { fieldType: 'string', value: data.cardholder },
    };
    if (data.network !== 'OTHER') credential.cardType = { fieldType: 'string', value: networkLabel(data.network) };
    if (data.cvv !== '') credential.verificationNumber = { fieldType: 'concealed-string', value: data.cvv };
    if (expiry) credential.expiryDate = expiry;
    if (details.pin !== '') credential.pin = { fieldType: 'concealed-string', value: details.pin };
    const validFrom = yearMonth(details.validFrom);
    if (validFrom) credential.validFrom = validFrom;
    const note = noteCredential(details);
    const item: Record<string, unknown> = {
      id: id(),
      creationAt: seconds(card.modifiedAt),
      modifiedAt: seconds(card.modifiedAt),
      title: data.issuer || defaultTitle(data),
      credentials: note ? [credential, note] : [credential],
    };
    // An expiry Sleeve could not split into a year and a month stays readable beside the card.
    if (!expiry) item.subtitle = `Expiry: ${data.expiry}`;
    return item;
  });
  const document = {
    version: { major: 1, minor: 0 },
    exporterRpId: options.rpId,
    exporterDisplayName: 'Sleeve',
    timestamp: seconds(options.now.getTime()),
    accounts: [{ id: id(), username: '', email: '', collections: [], items }],
  };
  return [...(await indentedJson(document, items)), '\n'];
}
