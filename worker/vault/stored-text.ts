/**
 * The stored cards' text read off the page: parsed and its shape checked here, as the page would (`load` in
 * src/storage/local-storage.ts), for a value another tab wrote, which a tab takes in whole. With 10,000 plain cards
 * at 4× CPU throttling, the page's `JSON.parse` of the 2.6-MB text took 74–90 ms and its check 25–29 ms, in one
 * task (`node bench/tab-change.mjs --functions`). The collection goes back in parts the page reads in slices.
 */
import { checkCollection, type StoredCardsRead } from '../../src/domain/stored-shapes';

export function readStoredCards(text: string): StoredCardsRead {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'it is not valid JSON' };
  }
  const checked = checkCollection(parsed);
  return checked.ok ? { ok: true, collection: checked.value } : checked;
}
