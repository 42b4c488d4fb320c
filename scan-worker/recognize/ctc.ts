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
   * The longest run of characters (spaces aside) with no gap over 2.6 pitches: a card number's groups stand one
   * character apart, while a card's edge or the desk past it, read as stray digits, stands further off.
   */
  run: string;
  /**
   * That run with a single space between the groups it shows ('4111 1111 1111 1111'), so that the scanner can tell
   * a grouping cards print from digits run together or split where no card splits them. Two characters are apart
   * when the reader gives a space between them a fair chance (`SURE_SPACE`), or a faint one where they also stand
   * wider than a character's pitch (`FAINT_SPACE`, `APART`). A line whose characters exclude the space has one group.
   */
  groups: string;
  /** The mean probability of the characters kept, 0–100. */
  confidence: number;
  /**
   * The lowest probability of any character kept (spaces aside: a word gap is the spacing's call), 0–100. One
   * letter the reader hesitated over is enough to make a word wrong, and the mean hides it among the sure ones.
   */
  weakest: number;
}

/** A gap between digit groups is two pitches; anything wider is not part of the line. */
const RUN_GAP = 2.6;

/** Word gaps are at least two character pitches in a monospaced line; letters' own steps vary by a fraction. */
const WORD_GAP = 1.5;

/**
 * Where a group gap is, from the reader's own space class. The model was trained on text with spaces, and between a
 * card number's groups it gives the space most of the time, but not always the likeliest class: a step is only about
 * half a character wide here, so the space loses to the blank. Where it is faint, the digits' spacing confirms it:
 * apart by more than `APART` pitches (digits in a group stand 1 ± 0.4 pitches apart at this step size, group gaps
 * mostly 1.5 to 2.5). Set on the corpus's tuning photos: of the reads whose digits were right, 443 of 444 grouped as
 * printed on the first corpus's cards (about 390 by the spacing alone) and 298 of 332 on the real-looking ones,
 * whose narrower gaps and the small print on card backs are harder.
 */
const SURE_SPACE = 0.4;
const FAINT_SPACE = 0.03;
const APART = 1.3;

interface Kept {
  character: string;
  /** The class's index and the steps it is the likeliest class at, first to last. */
  index: number;
  step: number;
  end: number;
  probability: number;
  /** Where it stands, in steps: its probability's centre over its steps and one step either side. */
  centre: number;
}

/** The characters of `kept` with a space before each one whose gap is wider than a word gap. */
function spacedText(kept: readonly Kept[]): string {
  const gaps = kept.slice(1).map((entry, index) => entry.step - (kept[index]?.step ?? 0));
  const sorted = [...gaps].sort((a, b) => a - b);
  const pitch = sorted[Math.floor(sorted.length / 2)] ?? 0;
  let spaced = kept[0]?.character ?? '';
  gaps.forEach((gap, index) => {
    const next = kept[index + 1]?.character ?? '';
    const gapSpace = pitch > 0 && gap > pitch * WORD_GAP && !spaced.endsWith(' ') && next !== ' ';
    spaced += (gapSpace ? ' ' : '') + next;
  });
  return spaced;
}

/** The median of the gaps between consecutive positions. */
function pitchOf(positions: readonly number[]): number {
  const gaps = positions.slice(1).map((position, index) => position - (positions[index] ?? 0));
  return gaps.sort((a, b) => a - b)[Math.floor(gaps.length / 2)] ?? 0;
}

/** The longest run of `marks` without a gap over `RUN_GAP` pitches, and its groups (Decoded.groups). */
function longestRun(marks: readonly Kept[], spaceAt: (step: number) => number): { run: string; groups: string } {
  // A gap cuts the line only when it is wide both by first steps and by centres. A step is about half a character
  // here, so the steps' pitch is a whole number that errs wide on large print and narrow on small print; the centres'
  // pitch is true, and then an embossed card's wide group gap (near three pitches) would cut it.
  const stepPitch = pitchOf(marks.map((mark) => mark.step));
  const centrePitch = pitchOf(marks.map((mark) => mark.centre));
  const wide = (before: Kept, after: Kept) =>
    stepPitch > 0 &&
    after.step - before.step > stepPitch * RUN_GAP &&
    after.centre - before.centre > centrePitch * RUN_GAP;
  let [start, length, runStart] = [0, 0, 0];
  for (let index = 1; index <= marks.length; index += 1) {
    const [before, after] = [marks[index - 1], marks[index]];
    if (before && after && !wide(before, after)) continue;
    if (index - runStart > length) [start, length] = [runStart, index - runStart];
    runStart = index;
  }
  const run = marks.slice(start, start + length);
  let groups = run[0]?.character ?? '';
  run.slice(1).forEach((mark, index) => {
    const before = run[index] as Kept;
    let space = 0;
    for (let step = before.step; step <= mark.step; step += 1) space = Math.max(space, spaceAt(step));
    const apart = space > SURE_SPACE || (space > FAINT_SPACE && mark.centre - before.centre > centrePitch * APART);
    groups += (apart ? ' ' : '') + mark.character;
  });
  return { run: run.map((mark) => mark.character).join(''), groups };
}

export function ctcDecode(
  probabilities: ArrayLike<number>,
  steps: number,
  classCount: number,
  allowed: readonly number[],
  characters: readonly string[],
): Decoded {
  const at = (step: number, index: number) => probabilities[step * classCount + index] ?? 0;
  const kept: Kept[] = [];
  let previous = 0;
  for (let step = 0; step < steps; step += 1) {
    let best = 0;
    let bestProbability = at(step, 0);
    for (const index of allowed) {
      const probability = at(step, index);
      if (probability > bestProbability) {
        bestProbability = probability;
        best = index;
      }
    }
    const last = kept[kept.length - 1];
    if (best !== 0 && best === previous && last) last.end = step;
    else if (best !== 0) {
      kept.push({
        character: characters[best] ?? '',
        index: best,
        step,
        end: step,
        probability: bestProbability,
        centre: step,
      });
    }
    previous = best;
  }
  for (const entry of kept) {
    let [weight, sum] = [0, 0];
    for (let step = Math.max(0, entry.step - 1); step <= Math.min(steps - 1, entry.end + 1); step += 1) {
      weight += at(step, entry.index);
      sum += at(step, entry.index) * step;
    }
    entry.centre = weight > 0 ? sum / weight : entry.step;
  }
  const space = allowed.find((index) => characters[index] === ' ');
  const marks = kept.filter((entry) => entry.character !== ' ');
  const { run, groups } = longestRun(marks, (step) => (space === undefined ? 0 : at(step, space)));
  const sum = kept.reduce((total, entry) => total + entry.probability, 0);
  return {
    text: kept.map((entry) => entry.character).join(''),
    spaced: spacedText(kept),
    run,
    groups,
    confidence: kept.length === 0 ? 0 : (100 * sum) / kept.length,
    weakest: marks.length === 0 ? 0 : 100 * Math.min(...marks.map((entry) => entry.probability)),
  };
}
