/** The strength estimator's verdicts (zxcvbn-ts with its common and English dictionaries), in its own words. */
import { describe, expect, it } from 'vitest';
import { checkNewPassword } from '../../src/domain/password-rules';
import { estimateStrength, SAFE_SCORE } from '../../src/domain/password-strength';

describe('password strength', () => {
  it("finds 'Password123!' unsafe, though it meets every one of SPEC.md's five requirements", () => {
    expect(checkNewPassword('Password123!').strong).toBe(true);
    const estimate = estimateStrength('Password123!');
    expect(estimate.safe).toBe(false);
    expect(estimate.score).toBeLessThan(SAFE_SCORE);
    expect(estimate.warning).toBe('This is similar to a commonly used password.');
    expect(estimate.suggestions).toContain('Add more words that are less common.');
  });

  it('finds keyboard rows and repeats unsafe, with the reason', () => {
    expect(estimateStrength('Qwerty123456!').safe).toBe(false);
    const repeated = estimateStrength('Aa1!Aa1!Aa1!');
    expect(repeated.safe).toBe(false);
    expect(repeated.warning).toMatch(/Repeated/);
  });

  it('finds a long random passphrase safe, with nothing to object', () => {
    const estimate = estimateStrength('Tangerine-Quokka-Velvet-42!');
    expect(estimate.safe).toBe(true);
    expect(estimate.score).toBe(4);
    expect(estimate.warning).toBeNull();
    expect(estimate.suggestions).toEqual([]);
  });

  it('draws the line between a score of 2 and 3', () => {
    expect(SAFE_SCORE).toBe(3);
    const two = estimateStrength('Sunflower-77');
    expect([two.score, two.safe]).toEqual([2, false]);
    const three = estimateStrength('Summer2024!!');
    expect([three.score, three.safe]).toEqual([3, true]);
  });
});
