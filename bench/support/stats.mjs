/** Small statistics for repeated runs. */

/** @param {readonly number[]} values */
export function median(values) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? /** @type {number} */ (sorted[middle])
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** Nearest-rank percentile: the smallest value at or above `p` percent of the samples. @param {readonly number[]} values @param {number} p */
export function percentile(values, p) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return /** @type {number} */ (sorted[rank - 1]);
}

/** @param {number | null} value @param {number} [digits] */
export const round = (value, digits = 1) => (value === null ? null : Number(value.toFixed(digits)));
