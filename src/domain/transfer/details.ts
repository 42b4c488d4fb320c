/**
 * A card's details (card-details.ts: a PIN, notes, a valid-from date, the bank's phone and website) as other apps keep
 * them, read into Sleeve's and held to the rules of the card editor. Nothing the person had is dropped on the way: a
 * value that fails its rule is kept in the notes as a 'Name: value' line, and so is every custom field that is not
 * plainly one of the details; the card's changes say so. Only notes longer than Sleeve keeps are cut, and said so.
 */
import type { PlainCard } from '../card';
import type { CardDetails } from '../card-details';
import { NO_DETAILS, normaliseDetails } from '../card-details';
import { CARD_PIN_MAX, CARD_PIN_MIN, characterCount, NOTES_MAX, validateDetails } from '../card-details-rules';
import { groupThousands } from '../counts';
import { readExpiry } from './expiry';
import { isObject, nameKey, textOf } from './import-row';

/** The details a file may also keep as a field of their own; the notes are where everything else goes. */
export type FieldDetail = Exclude<keyof CardDetails, 'notes'>;

export const FIELD_DETAILS = ['pin', 'validFrom', 'phone', 'website'] as const satisfies readonly FieldDetail[];

/** How each detail is named in a 'Name: value' line of the notes and in the custom fields Sleeve writes. */
export const DETAIL_LABELS: Readonly<Record<FieldDetail, string>> = {
  pin: 'PIN',
  validFrom: 'Valid from',
  phone: 'Phone',
  website: 'Website',
};

/** How each detail is named in a sentence of the preview. */
export const DETAIL_WORDS: Readonly<Record<keyof CardDetails, string>> = {
  pin: 'card PIN',
  notes: 'notes',
  validFrom: 'valid-from date',
  phone: 'phone number',
  website: 'website',
};

/**
 * Field and column names that can only mean one detail, compared as `nameKey` gives them. 'Code' or 'Number' alone
 * could be a CVV or a card number, so they are not here.
 */
export const DETAIL_NAMES: Readonly<Record<FieldDetail, readonly string[]>> = {
  pin: ['pin', 'cardpin', 'pincode', 'pinnumber', 'atmpin'],
  validFrom: ['validfrom', 'startdate', 'validsince', 'memberssince'],
  phone: ['phone', 'bankphone', 'phonenumber', 'telephone', 'customerservice', 'customerservicephone'],
  website: ['website', 'url', 'bankwebsite', 'bankurl', 'web'],
};

/** What each detail must be, for the change that says why a value went to the notes instead. */
const RULES: Readonly<Record<FieldDetail, string>> = {
  pin: `${CARD_PIN_MIN} to ${CARD_PIN_MAX} digits`,
  validFrom: 'a month and year Sleeve can read',
  phone: 'one Sleeve can dial',
  website: 'a web address Sleeve can open',
};

/** One named value a file keeps beside a card: a custom field, an extra field, a trailing 'Phone: …' line. */
export interface NamedValue {
  name: string;
  value: string;
}

/** A card's details as a file holds them, before any rule. Absent and empty mean the same. */
export interface RawDetails {
  pin?: unknown;
  notes?: unknown;
  /** In any form an expiry is read in (expiry.ts): MM/YY, YYYY-MM, … */
  validFrom?: unknown;
  phone?: unknown;
  website?: unknown;
  /** Custom fields: one plainly naming a detail the file gives nowhere else fills it; the rest go to the notes. */
  fields?: readonly NamedValue[];
}

/**
 * A file's list of custom fields as named values: `read` names an entry's name and value; an entry whose value is not
 * text (a linked field, a field of another shape) holds nothing to keep.
 */
export function namedValues(
  list: unknown,
  read: (entry: Record<string, unknown>) => { name: unknown; value: unknown },
): NamedValue[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry) => {
    if (!isObject(entry)) return [];
    const { name, value } = read(entry);
    return typeof value === 'string' ? [{ name: typeof name === 'string' ? name : '', value }] : [];
  });
}

const line = ({ name, value }: NamedValue): string =>
  name.trim() === '' ? value.trim() : `${name.trim()}: ${value.trim()}`;

/** The text of each detail the file gives directly; what is not text is left out, and said so. */
function givenValues(raw: RawDetails, changes: string[]): CardDetails {
  const given = { ...NO_DETAILS };
  for (const detail of ['notes', ...FIELD_DETAILS] as const) {
    const value = textOf(raw[detail]);
    if (value === null) {
      const was = detail === 'notes' ? 'were' : 'was';
      changes.push(`its ${DETAIL_WORDS[detail]} ${was} not text and ${was} left out`);
    }
    given[detail] = value ?? '';
  }
  return given;
}

/**
 * Sorts the custom fields: a detail the file gives nowhere else takes the one field whose name plainly means it (and
 * `names` records that name); every other field, and all of those for a detail two or more fields could mean, become
 * lines of the notes.
 */
function sortFields(
  fields: readonly NamedValue[],
  given: CardDetails,
  names: Partial<Record<FieldDetail, string>>,
  changes: string[],
): string[] {
  const rest = fields.filter((field) => field.value.trim() !== '');
  let unsure = 0;
  for (const detail of FIELD_DETAILS) {
    const matches = rest.filter((field) => DETAIL_NAMES[detail].includes(nameKey(field.name)));
    const [only] = matches;
    if (only && matches.length === 1 && given[detail] === '') {
      given[detail] = only.value.trim();
      names[detail] = only.name;
      rest.splice(rest.indexOf(only), 1);
    } else if (matches.length > 1) {
      unsure += matches.length;
      changes.push(
        `it has ${matches.length} fields that could be its ${DETAIL_WORDS[detail]}, so they are kept in its notes`,
      );
    }
  }
  const others = rest.length - unsure;
  if (others > 0)
    changes.push(`its ${others === 1 ? 'other field is' : `${others} other fields are`} kept in its notes`);
  return rest.map(line);
}

/** The details of one card as Sleeve keeps them, and what changed on the way in. */
export function readDetails(raw: RawDetails): { details: CardDetails; changes: string[] } {
  const changes: string[] = [];
  const given = givenValues(raw, changes);
  const names: Partial<Record<FieldDetail, string>> = {};
  const lines = sortFields(raw.fields ?? [], given, names, changes);
  const validFrom = given.validFrom === '' ? null : readExpiry(given.validFrom);
  const details = normaliseDetails({
    ...given,
    validFrom: validFrom && 'expiry' in validFrom ? validFrom.expiry : given.validFrom,
    notes: '',
  });
  const errors = validateDetails(details);
  for (const detail of FIELD_DETAILS) {
    if (!errors[detail]) continue;
    // Kept as the file had it, under the name it had, so the person can still read and fix it.
    lines.push(line({ name: names[detail] ?? DETAIL_LABELS[detail], value: given[detail] }));
    details[detail] = '';
    changes.push(`its ${DETAIL_WORDS[detail]} is not ${RULES[detail]}, so it is kept in its notes`);
  }
  const notes = [given.notes, ...lines]
    .filter((part) => part !== '')
    .join('\n')
    .trim();
  details.notes = notes;
  if (characterCount(notes) > NOTES_MAX) {
    details.notes = [...notes].slice(0, NOTES_MAX).join('');
    changes.push(`its notes were cut to ${groupThousands(NOTES_MAX)} characters, the most Sleeve keeps`);
  }
  return { details, changes };
}

/** The details an export writes for a card: those given for its id, or none. */
export const detailsOf = (card: PlainCard, details: ReadonlyMap<string, CardDetails> | undefined): CardDetails =>
  details?.get(card.id) ?? NO_DETAILS;
