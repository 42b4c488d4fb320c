/**
 * How guessable a new secret is, by zxcvbn-ts with its common and English dictionaries: the estimator's own score
 * (0 to 4), warning and suggestions, in its English texts. The one estimator for every secret Sleeve asks to be
 * chosen (a new account password, a backup passphrase), so one secret scores the same on every screen. Large (the
 * dictionaries), so screens load this module with a dynamic import and only where a secret is chosen
 * (src/components/password/password-strength.ts).
 *
 * Safe means a score of 3 or more. zxcvbn's scale is in guesses: 3 is at least 10^8, "safely unguessable:
 * moderate protection from an offline slow-hash scenario", which is exactly the attack on a Sleeve password or
 * backup: whoever holds the database or the file can try guesses offline, each one costing a PBKDF2-SHA-512
 * derivation of 210,000 iterations (about 0.1 s of a CPU core). Below 3, the estimator has found the secret among
 * common passwords, words, names, dates, keyboard patterns or simple variations of them.
 *
 * The options are the estimator's defaults plus both dictionaries, with no Levenshtein matching: that matching
 * compares the whole secret with every dictionary entry, which takes a few hundred milliseconds per keystroke
 * instead of a few, and it words the verdict on near-misses of common passwords differently ('This is a commonly
 * used password.' where the screens say 'This is similar to a commonly used password.').
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';

export const SAFE_SCORE = 3;

export interface StrengthEstimate {
  score: number;
  safe: boolean;
  /** The estimator's main objection, or null. */
  warning: string | null;
  /** What would make it stronger. */
  suggestions: string[];
}

let estimator: ZxcvbnFactory | undefined;

/** Built on first use: ranking the dictionaries takes a moment, and only the first estimate needs to wait for it. */
function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
  });
  return estimator;
}

/** Builds the estimator ahead of the first secret (ranking the dictionaries is most of a first estimate). */
export function prepareEstimator(): void {
  zxcvbn();
}

export function estimateStrength(password: string): StrengthEstimate {
  const { score, feedback } = zxcvbn().check(password);
  return {
    score,
    safe: score >= SAFE_SCORE,
    warning: feedback.warning || null,
    suggestions: [...feedback.suggestions],
  };
}
