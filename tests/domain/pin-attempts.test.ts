/**
 * The PIN's attempt limit as rules: the waits, the stop, counting a try before it is made, the count an earlier
 * Sleeve kept for one record, and the stored shape.
 */
import { describe, expect, test } from 'vitest';
import type { PinAttempts } from '../../src/domain/pin-attempts';
import {
  checkPinAttempts,
  countFor,
  nextTry,
  noAttempts,
  reserveTry,
  secondsLeft,
  takeBackTry,
  waitAfter,
} from '../../src/domain/pin-attempts';

const SALT = 'c2FsdHNhbHRzYWx0c2FsdA==';
const OTHER_SALT = 'b3RoZXJzYWx0b3RoZXJzYQ==';
const T0 = 1_722_000_000_000;

/** `count` wrong PINs in a row, each tried as soon as it was allowed, as the stored count would show them. */
function wrongPins(count: number): PinAttempts {
  let attempts = noAttempts();
  let now = T0;
  for (let index = 0; index < count; index++) {
    const verdict = nextTry(attempts, now);
    if (verdict.kind === 'wait') now = verdict.until;
    attempts = reserveTry(attempts, now);
  }
  return attempts;
}

describe('the waits and the stop', () => {
  test('four wrong PINs wait for nothing; from the fifth the next try waits 30 s, then twice as long each time', () => {
    expect([1, 2, 3, 4].map(waitAfter)).toEqual([0, 0, 0, 0]);
    expect([5, 6, 7, 8, 9].map(waitAfter)).toEqual([30_000, 60_000, 120_000, 240_000, 480_000]);
    const four = wrongPins(4);
    expect(four).toEqual({ pinSalt: null, wrongInARow: 4, tryAgainAt: null });
    expect(nextTry(four, T0)).toEqual({ kind: 'open' });
    const five = reserveTry(four, T0);
    expect(five).toEqual({ pinSalt: null, wrongInARow: 5, tryAgainAt: T0 + 30_000 });
    expect(nextTry(five, T0 + 29_999)).toEqual({ kind: 'wait', until: T0 + 30_000 });
    expect(nextTry(five, T0 + 30_000)).toEqual({ kind: 'open' });
    expect(reserveTry(five, T0 + 30_000).tryAgainAt).toBe(T0 + 90_000);
  });

  test('after ten the PIN is stopped, whatever the time', () => {
    const ten = wrongPins(10);
    expect(ten.wrongInARow).toBe(10);
    expect(nextTry(ten, T0 + 365 * 24 * 3600_000)).toEqual({ kind: 'stopped' });
    expect(nextTry(wrongPins(9), T0 + 24 * 3600_000)).toEqual({ kind: 'open' });
  });

  test("the device key's count holds for any record tried, whatever its salt", () => {
    const ten = wrongPins(10);
    expect(countFor(ten, SALT)).toEqual(ten);
    expect(countFor(ten, OTHER_SALT)).toEqual(ten);
    expect(nextTry(countFor(ten, OTHER_SALT), T0)).toEqual({ kind: 'stopped' });
  });

  test('a count an earlier Sleeve kept for one record holds for that record, and for no other', () => {
    const earlier: PinAttempts = { ...wrongPins(7), pinSalt: SALT };
    expect(countFor(earlier, SALT)).toEqual(wrongPins(7));
    expect(countFor(earlier, OTHER_SALT)).toEqual(noAttempts());
    // Kept in today's form at its next change.
    expect(reserveTry(countFor(earlier, SALT), T0).pinSalt).toBeNull();
  });

  test('a try taken back leaves the count as it was before it, and no wait below the fifth', () => {
    expect(takeBackTry(reserveTry(wrongPins(3), T0))).toEqual(wrongPins(3));
    expect(takeBackTry(reserveTry(wrongPins(4), T0))).toEqual({ pinSalt: null, wrongInARow: 4, tryAgainAt: null });
    expect(takeBackTry(noAttempts()).wrongInARow).toBe(0);
  });

  test('the countdown shows whole seconds, rounded up, and never below zero', () => {
    expect(secondsLeft(T0 + 30_000, T0)).toBe(30);
    expect(secondsLeft(T0 + 30_000, T0 + 1)).toBe(30);
    expect(secondsLeft(T0 + 30_000, T0 + 1_000)).toBe(29);
    expect(secondsLeft(T0 + 30_000, T0 + 29_999)).toBe(1);
    expect(secondsLeft(T0, T0 + 5)).toBe(0);
  });
});

describe('the stored count', () => {
  test('is read back exactly', () => {
    for (const value of [noAttempts(), wrongPins(5), wrongPins(10), { ...wrongPins(3), pinSalt: SALT }]) {
      expect(checkPinAttempts(JSON.parse(JSON.stringify(value)))).toEqual({ ok: true, value });
    }
  });

  test.each([
    ['not an object', 5],
    ['an array', [5]],
    ['a count that is not a whole number', { pinSalt: SALT, wrongInARow: 2.5, tryAgainAt: null }],
    ['a negative count', { pinSalt: SALT, wrongInARow: -1, tryAgainAt: null }],
    ['a count as text', { pinSalt: SALT, wrongInARow: '5', tryAgainAt: null }],
    ['a time as text', { pinSalt: SALT, wrongInARow: 5, tryAgainAt: '1722000030000' }],
    ['no time at all', { pinSalt: SALT, wrongInARow: 5 }],
    ['a salt that is not text', { pinSalt: 7, wrongInARow: 5, tryAgainAt: null }],
  ])('is refused when it is %s, with a plain reason', (_, value) => {
    const checked = checkPinAttempts(value);
    expect(checked.ok).toBe(false);
    expect(!checked.ok && checked.reason).toMatch(/^it|^its/);
  });
});
