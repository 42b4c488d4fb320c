/**
 * Counts as English writes them ('10,000'), for the app's texts, and a record's keys counted only as far as needed.
 * `groupThousands` is the same as `toLocaleString('en')` for a whole number, without it: a page's first
 * `toLocaleString` sets up the browser's number formatting, 20–50 ms on a slow phone, inside whatever task first
 * shows a count (an import's preview, a cap's message).
 */
export function groupThousands(count: number): string {
  const digits = Math.abs(Math.trunc(count)).toString();
  const grouped = digits.replace(/\B(?=(\d{3})+$)/g, ',');
  return count <= -1 ? `-${grouped}` : grouped;
}

/**
 * Whether `record` has at least `count` own enumerable keys. Stops at the `count`th: a for-in loop lists a large
 * record's keys before its first step, but `Object.keys(record).length` also copies every one into an array.
 */
export function hasAtLeast(record: object, count: number): boolean {
  let seen = 0;
  for (const key in record) if (Object.hasOwn(record, key) && ++seen >= count) return true;
  return false;
}
