/**
 * Card ids: 8 characters of [A-Za-z0-9] from a CSPRNG. Bytes at or above 248 (the largest multiple of 62 that
 * fits in a byte) are rejected, so `byte % 62` is uniform over the alphabet: no modulo bias. The page makes the ids
 * of the cards it saves, so the engine receives whole cards and sends back one stored card.
 */
import { CARD_ID_ALPHABET, CARD_ID_LENGTH } from './card';
import { Messages, SleeveError } from './errors';

/** Where random bytes come from; tests inject their own to force collisions. */
export type RandomSource = (length: number) => Uint8Array;

/**
 * Bytes the platform CSPRNG (on the page and in the worker alike) gave in one call, handed out in order, each once.
 * A call for each id cost ~8 µs at 4× CPU throttling: 80–90 ms of an import of 10,000 cards.
 */
const POOL_SIZE = 4096;
let pool = new Uint8Array(0);
let used = 0;

const randomBytes: RandomSource = (length) => {
  if (length > POOL_SIZE) return crypto.getRandomValues(new Uint8Array(length));
  if (used + length > pool.length) {
    pool = crypto.getRandomValues(new Uint8Array(POOL_SIZE));
    used = 0;
  }
  used += length;
  return pool.subarray(used - length, used);
};

const ALPHABET_SIZE = CARD_ID_ALPHABET.length;
const ACCEPT_BELOW = 256 - (256 % ALPHABET_SIZE);
/** Enough bytes per draw that one draw almost always yields a full id (8 needed, ~3% rejected). */
const DRAW_SIZE = 16;
/** Guards against a broken source (all bytes rejected, or the same id forever) spinning without end. */
const MAX_DRAWS = 64;
const MAX_ATTEMPTS = 64;

export const CARD_ID_PATTERN = /^[A-Za-z0-9]{8}$/;

export function randomCardId(source: RandomSource = randomBytes): string {
  let id = '';
  for (let draw = 0; draw < MAX_DRAWS; draw++) {
    for (const byte of source(DRAW_SIZE)) {
      if (byte >= ACCEPT_BELOW) continue;
      id += CARD_ID_ALPHABET[byte % ALPHABET_SIZE];
      if (id.length === CARD_ID_LENGTH) return id;
    }
  }
  throw new SleeveError(Messages.generateFailed, { cause: new Error('random source yields no usable bytes') });
}

/** A fresh id that `isTaken` rejects for none of the ids already in a collection; regenerated on collision. */
export function newCardId(isTaken: (id: string) => boolean, source: RandomSource = randomBytes): string {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const id = randomCardId(source);
    if (!isTaken(id)) return id;
  }
  throw new SleeveError(Messages.generateFailed, { cause: new Error('every generated card id was already taken') });
}
