/**
 * Bringing cards in and taking them out, with their details. Export writes the cards on screen (the ones this
 * device could open) to a file: an encrypted backup sealed in the worker, or a plain Bitwarden or Credential Exchange file. Import previews a
 * file against the cards on screen, then stores the chosen new cards in one change through the same path every
 * other card takes (cards.ts: sealed in the worker, encrypted whenever a secret exists, one write under the lock, or
 * the outbox while signed in), so they sync like any other card.
 */
import type { PlainCard } from '../domain/card';
import { importedDate } from '../domain/card-dates';
import type { CardDetails } from '../domain/card-details';
import { hasDetails } from '../domain/card-details';
import { newCardId } from '../domain/card-id';
import { inSlices, nextTask } from '../domain/next-task';
import { writeBitwarden } from '../domain/transfer/bitwarden';
import { writeCxf } from '../domain/transfer/cxf';
import type { ImportedCard, ImportParse } from '../domain/transfer/import-row';
import type { ImportPreview } from '../domain/transfer/preview';
import { previewImport, previewImportInSlices } from '../domain/transfer/preview';
import { getEngine } from '../engine';
import { cardsState, saveNewCards } from './cards';
import { detailsOf } from './details';
import { session, storedCollection } from './store';

/** Now: by the server's clock while signed in (what it checks dates against), else by this device's. */
const currentTime = (): number => session()?.now() ?? Date.now();

/**
 * What importing `parse` would do against the cards on screen now (the same number and expiry is the same card).
 * Each new card that brings details says which ('Also brings: card PIN and notes'); an import stores them with it,
 * on this device or, signed in, in the account beside the card.
 */
export function buildPreview(parse: ImportParse): ImportPreview {
  return previewImport(parse, cardsState.cards);
}

/**
 * `buildPreview`, a slice of rows at a time (the screen's way: ten thousand rows built in one go would hold the page
 * still). Against the cards on screen when it starts; rejects with the signal's reason once `signal` is aborted.
 */
export function buildPreviewInSlices(parse: ImportParse, signal?: AbortSignal): Promise<ImportPreview> {
  return previewImportInSlices(parse, cardsState.cards, signal);
}

/**
 * The details of `cards` as opened on this device, by card id (cards without any are left out), a slice of cards at a
 * time, so ten thousand cards' details are gathered without a long task.
 */
async function detailsByCardInSlices(cards: readonly PlainCard[]): Promise<Map<string, CardDetails>> {
  const found = new Map<string, CardDetails>();
  await inSlices(cards, (card) => {
    const details = detailsOf(card.id);
    if (details) found.set(card.id, details);
  });
  return found;
}

/** A backup's cards as a parse for the preview, or `null` when the passphrase does not open it. */
export async function openBackupFile(passphrase: string, text: string): Promise<ImportParse | null> {
  const opening = await getEngine().openBackup(passphrase, text);
  if (opening.status === 'wrong-passphrase') return null;
  return { format: 'sleeve-backup', rows: opening.rows, leftOut: 0 };
}

/**
 * Stores the chosen cards as new cards and resolves to how many. A backup's card keeps its id unless it is taken
 * here, and its date unless that is ahead of now; a card from another app is dated now, a millisecond apart in the
 * file's order (`importedDate`). Signed in, now is the server's clock, which refuses dates ahead of its own. Nothing
 * is stored if any step fails.
 */
export async function importCards(chosen: readonly ImportedCard[], now = currentTime()): Promise<number> {
  const taken = new Set(Object.keys(storedCollection().cards));
  const details = new Map<string, CardDetails>();
  const cards: PlainCard[] = [];
  // Ten thousand ids drawn and cards made in slices, so the page keeps painting (next-task.ts); the first after the
  // task that asked for the import, which has its own rendering to do.
  await nextTask();
  await inSlices(chosen, (card, index) => {
    const id = card.id !== undefined && !taken.has(card.id) ? card.id : newCardId((candidate) => taken.has(candidate));
    taken.add(id);
    // Only details there are: all-empty ones would be stored as nothing anyway (saveNewCards leaves them out).
    if (hasDetails(card.details)) details.set(id, card.details);
    cards.push({ id, data: card.data, modifiedAt: importedDate(card.modifiedAt, now, index) });
  });
  await nextTask();
  // Stored with their cards in the same write; signed in, left out (buildPreview said so).
  await saveNewCards(cards, details);
  return cards.length;
}

export type ExportFormat = 'backup' | 'bitwarden' | 'cxf';

export interface ExportFile {
  /** The file's text, in parts to be joined (a file of ten thousand cards is megabytes; json-text.ts says why). */
  parts: readonly string[];
  fileName: string;
  count: number;
}

const day = (now: Date): string => now.toISOString().slice(0, 10);

/** The cards on screen as an encrypted backup; the key is derived from `passphrase` in the worker. */
export async function exportBackup(passphrase: string, now = new Date()): Promise<ExportFile> {
  const cards = [...cardsState.cards];
  const details = await detailsByCardInSlices(cards);
  // The cards cross to the worker in the next task, apart from the gathering above.
  await nextTask();
  const text = await getEngine().sealBackup(passphrase, cards, details);
  return { parts: [text], fileName: `sleeve-backup-${day(now)}.json`, count: cards.length };
}

/**
 * The cards on screen as a plain file another app imports; nothing in it is encrypted. Made a slice of cards at a
 * time, as the backup is: ten thousand cards' file in one go held a slow phone still for half a second.
 */
export async function exportPlain(format: 'bitwarden' | 'cxf', now = new Date()): Promise<ExportFile> {
  const cards = [...cardsState.cards];
  const details = await detailsByCardInSlices(cards);
  await nextTask();
  const parts =
    format === 'bitwarden'
      ? await writeBitwarden(cards, { now, details })
      : await writeCxf(cards, { now, rpId: location.hostname, details });
  const name = format === 'bitwarden' ? 'bitwarden' : 'cxf';
  return { parts, fileName: `sleeve-${name}-export-${day(now)}.json`, count: cards.length };
}
