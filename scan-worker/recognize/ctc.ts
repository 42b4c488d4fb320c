/**
 * Greedy CTC decoding restricted to a line's allowed characters: at each time step the likeliest allowed class (or
 * the blank), repeats merged, blanks dropped.
 */
export interface Decoded {
  text: string;
  /**
   * The text with a space wherever two characters stand apart by more than 1.5 times the line's usual pitch:
   * card print is monospaced, so a word gap is a wider step between characters.
   */
  spaced: string;
  /**
   * The longest run of characters with no gap over 2.6 pitches: a card number's groups stand one character apart,
   * while a card's edge or the desk past it, read as stray digits, stands further off.
   */
  run: string;
  /** The mean probability of the characters kept, 0–100. */
  confidence: number;
}

/** A gap between digit groups is two pitches; anything wider is not part of the line. */
const RUN_GAP = 2.6;

/** Word gaps are at least two character pitches in a monospaced line; letters' own steps vary by a fraction. */
const WORD_GAP = 1.5;

export function ctcDecode(
  probabilities: ArrayLike<number>,
  steps: number,
  classCount: number,
  allowed: readonly number[],
  characters: readonly string[],
): Decoded {
  const kept: { character: string; step: number }[] = [];
  let previous = 0;
  let sum = 0;
  for (let step = 0; step < steps; step += 1) {
    const base = step * classCount;
    let best = 0;
    let bestProbability = probabilities[base] ?? 0;
    for (const index of allowed) {
      const probability = probabilities[base + index] ?? 0;
      if (probability > bestProbability) {
        bestProbability = probability;
        best = index;
      }
    }
    if (best !== 0 && best !== previous) {
      kept.push({ character: characters[best] ?? '', step });
      sum += bestProbability;
    }
    previous = best;
  }
  const text = kept.map((entry) => entry.character).join('');
  const gaps = kept.slice(1).map((entry, index) => entry.step - (kept[index]?.step ?? 0));
  const sorted = [...gaps].sort((a, b) => a - b);
  const pitch = sorted[Math.floor(sorted.length / 2)] ?? 0;
  let spaced = kept[0]?.character ?? '';
  gaps.forEach((gap, index) => {
    const next = kept[index + 1]?.character ?? '';
    const gapSpace = pitch > 0 && gap > pitch * WORD_GAP && !spaced.endsWith(' ') && next !== ' ';
    spaced += (gapSpace ? ' ' : '') + next;
  });
  let run = kept[0]?.character ?? '';
  let longest = '';
  gaps.forEach((gap, index) => {
    const next = kept[index + 1]?.character ?? '';
    if (pitch > 0 && gap > pitch * RUN_GAP) {
      if (run.length > longest.length) longest = run;
      run = next;
    } else run += next;
  });
  if (run.length > longest.length) longest = run;
  return { text, spaced, run: longest, confidence: kept.length === 0 ? 0 : (100 * sum) / kept.length };
}
