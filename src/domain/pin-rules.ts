/**
 * Which six-digit PINs are too common to protect anything. A person guessing a PIN tries these first, so Sleeve
 * refuses them at creation with 'Entered PIN is too common'. The rule blocks {@link BLOCKED_PIN_COUNT} of the
 * 1,000,000 possible PINs, 0.23% (a test enumerates them all), which leaves plenty to choose from.
 */

/** Keypad lines of three keys, as laid out on the PIN keypad (1 2 3 / 4 5 6 / 7 8 9 / 0). */
const KEYPAD_LINES = ['123', '456', '789', '147', '258', '369', '159', '357'];
const KEYPAD_LINES_BOTH_WAYS = KEYPAD_LINES.flatMap((line) => [line, [...line].reverse().join('')]);

/** Two different keypad lines drawn one after the other: 147258, 258369, 159753, 789456 … */
const KEYPAD_SHAPES = new Set(
  KEYPAD_LINES_BOTH_WAYS.flatMap((first) =>
    KEYPAD_LINES_BOTH_WAYS.filter((second) => second !== first).map((second) => first + second),
  ),
);

/** Each digit one more (or one less) than the one before, as in 123456 or 543210, with no wrap past 9 or 0. */
function isRun(digits: readonly number[], step: 1 | -1): boolean {
  return digits.every((digit, i) => i === 0 || digit - (digits[i - 1] as number) === step);
}

const everyOther = (digits: readonly number[]): number[] => digits.filter((_, i) => i % 2 === 0);

export const PIN_PATTERN = /^\d{6}$/;

export function isTooCommonPin(pin: string): boolean {
  if (!PIN_PATTERN.test(pin)) return false;
  const digits = [...pin].map(Number);
  const [a, b, c, d, e, f] = pin;
  return (
    // ababab: 000000 … 999999 and 121212, 909090 …
    (a === c && c === e && b === d && d === f) ||
    // abcabc: 123123, 007007 …
    pin.slice(0, 3) === pin.slice(3) ||
    // abccba: 123321, 000000 …
    (a === f && b === e && c === d) ||
    // aaabbb: 111222, 000999 …
    (a === b && b === c && d === e && e === f) ||
    // ascending and descending runs: 012345 … 456789, 987654 … 543210
    isRun(digits, 1) ||
    isRun(digits, -1) ||
    // doubled runs: 112233, 998877 …
    (a === b && c === d && e === f && (isRun(everyOther(digits), 1) || isRun(everyOther(digits), -1))) ||
    KEYPAD_SHAPES.has(pin)
  );
}

/** How many of the 1,000,000 PINs {@link isTooCommonPin} blocks; a test enumerates them to keep this true. */
export const BLOCKED_PIN_COUNT = 2326;
