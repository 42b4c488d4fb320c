// The measurement's figures: each photo judged (the number exact, wrong or nothing; the expiry and the name right or
// not), and the counts over all photos and over the photos of each value of a label's field (look, face, layout),
// so that a kind of card the reader fails shows apart from the others.

/** @typedef {{ number: 'exact' | 'wrong' | 'nothing', expiry: boolean, name: boolean, wrongName: boolean }} Verdict */

/**
 * One photo's verdict. A label of a number the scanner must not take (failing Luhn) is 'exact' when nothing is
 * accepted: the scanner must leave it empty.
 * @param {string | null} number what the acceptance rule took from the read
 * @param {string | null} expected what it would take from the label's number
 * @param {{ expiry: string | null, name: string }} read the expiry as read, the name as the scanner would fill it
 * @param {{ expiry: string, name: string }} label
 * @returns {Verdict}
 */
export function judge(number, expected, read, label) {
  const outcome = number === null ? (expected === null ? 'exact' : 'nothing') : number === expected ? 'exact' : 'wrong';
  // A name left empty is the person's to type; one filled in that is not the card's is wrong.
  return {
    number: outcome,
    expiry: read.expiry === label.expiry,
    name: read.name === label.name,
    wrongName: read.name !== '' && read.name !== label.name,
  };
}

/**
 * Counts of verdicts.
 * @param {Verdict[]} verdicts
 */
export function tally(verdicts) {
  const count = (/** @type {(verdict: Verdict) => boolean} */ test) => verdicts.filter(test).length;
  return {
    photos: verdicts.length,
    exact: count((verdict) => verdict.number === 'exact'),
    wrong: count((verdict) => verdict.number === 'wrong'),
    nothing: count((verdict) => verdict.number === 'nothing'),
    expiry: count((verdict) => verdict.expiry),
    name: count((verdict) => verdict.name),
    wrongNames: count((verdict) => verdict.wrongName),
  };
}

/** @param {number} part @param {number} whole */
export const percent = (part, whole) => `${((100 * part) / Math.max(1, whole)).toFixed(1)} %`;

/**
 * A table of the figures by the values of `field` (a label without the field counts as `fallback`), one row each,
 * most photos first.
 * @param {{ label: Record<string, unknown>, verdict: Verdict }[]} judged
 * @param {string} field
 * @param {string} fallback
 * @returns {string[]}
 */
export function tableBy(judged, field, fallback) {
  /** @type {Map<string, Verdict[]>} */
  const groups = new Map();
  for (const { label, verdict } of judged) {
    const value = String(label[field] ?? fallback);
    groups.set(value, [...(groups.get(value) ?? []), verdict]);
  }
  const rows = [...groups].map(([value, verdicts]) => ({ value, ...tally(verdicts) }));
  rows.sort((a, b) => b.photos - a.photos || a.value.localeCompare(b.value));
  const width = Math.max(field.length, ...rows.map((row) => row.value.length));
  const cell = (/** @type {number} */ part, /** @type {number} */ whole) =>
    `${part} (${percent(part, whole)})`.padStart(13);
  return [
    `by ${field}:`,
    `  ${''.padEnd(width)} photos  number exact  wrong  nothing         expiry           name`,
    ...rows.map(
      (row) =>
        `  ${row.value.padEnd(width)} ${String(row.photos).padStart(6)} ${cell(row.exact, row.photos)} ${String(row.wrong).padStart(6)} ${String(row.nothing).padStart(8)} ${cell(row.expiry, row.photos).padStart(14)} ${cell(row.name, row.photos).padStart(14)}`,
    ),
  ];
}
