/**
 * Proton Pass's unencrypted export: `data.json` (alone, or inside the ZIP Proton Pass saves, at `Proton Pass/
 * data.json`), holding `{version, encrypted, vaults: {[id]: {name, items}}}`. A payment card is an item whose
 * `data.type` is 'creditCard', with `data.content: {cardholderName, cardType, number, verificationNumber,
 * expirationDate, pin}`, its name and note in `data.metadata: {name, note}` and the person's own fields in
 * `data.extraFields: [{fieldName, type, data: {content}}]` (a TOTP field: `data.totpUri`). The expiry is 'YYYY-MM'
 * (older exports: 'MMYYYY').
 *
 * Proton Pass's own apps always write `cardType` 0 (unspecified) and keep no brand, so these cards take the network
 * their number's issuer range shows, as a card typed into the form does; another card type is not guessed at and is
 * kept as Other with a change saying so. The PIN, the note and the extra fields are the card's details (details.ts).
 */
import { InvalidArgumentError } from '../errors';
import { toCardRow } from './card-fields';
import { namedValues } from './details';
import type { ImportParse, ImportRow, ThemeSource } from './import-row';
import { isObject, itemWhere } from './import-row';

/** Proton Pass item state for items in the trash. */
const TRASHED = 2;

export const ProtonPassMessages = {
  encrypted:
    'This Proton Pass export is encrypted, so Sleeve cannot read it. In Proton Pass, export again without a passphrase, then import that file.',
  notExport: 'This file is not a Proton Pass export.',
} as const;

export const isProtonPassValue = (value: unknown): boolean => isObject(value) && isObject(value.vaults);

/** Every card in every vault as a row, in the file's order; other items are counted as left out. */
export function readProtonPass(value: unknown, theme: ThemeSource): ImportParse {
  if (!isProtonPassValue(value)) throw new InvalidArgumentError(ProtonPassMessages.notExport);
  const file = value as { encrypted?: unknown; vaults: Record<string, unknown> };
  if (file.encrypted === true) throw new InvalidArgumentError(ProtonPassMessages.encrypted);
  const rows: ImportRow[] = [];
  let leftOut = 0;
  let position = 0;
  for (const vault of Object.values(file.vaults)) {
    const items = isObject(vault) && Array.isArray(vault.items) ? vault.items : [];
    for (const item of items) {
      position++;
      const data = isObject(item) && isObject(item.data) ? item.data : null;
      if (data?.type !== 'creditCard') {
        leftOut++;
        continue;
      }
      const metadata = isObject(data.metadata) ? data.metadata : {};
      const where = itemWhere(position, metadata.name);
      if ((item as Record<string, unknown>).state === TRASHED) {
        rows.push({ where, reason: 'it is in the trash in Proton Pass' });
        continue;
      }
      const content = isObject(data.content) ? data.content : null;
      if (!content) {
        rows.push({ where, reason: 'it has no card details' });
        continue;
      }
      // A TOTP field keeps its value as `totpUri`; every other kind as `content`.
      const fields = namedValues(data.extraFields, (field) => ({
        name: field.fieldName,
        value: isObject(field.data) ? (field.data.content ?? field.data.totpUri) : undefined,
      }));
      rows.push(
        toCardRow(where, {
          number: content.number,
          expiry: content.expirationDate,
          cardholder: content.cardholderName,
          issuer: metadata.name,
          cvv: content.verificationNumber,
          network: cardTypeName(content.cardType),
          theme: theme(),
          details: { pin: content.pin, notes: metadata.note, fields },
        }),
      );
    }
  }
  return { format: 'proton-pass', rows, leftOut };
}

/**
 * Proton Pass writes 0 (unspecified) for every card; any other value is passed on as a name Sleeve does not know,
 * so the card is kept as Other with a change saying so rather than mapped on a guess.
 */
function cardTypeName(cardType: unknown): string {
  if (cardType === undefined || cardType === null || cardType === 0) return '';
  return `Proton Pass card type ${String(cardType)}`;
}
