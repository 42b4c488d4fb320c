import { describe, expect, it } from 'vitest';
import { CARD_PIN_VERIFIED_MS, stillVerified } from '../../src/domain/card-pin-window';

describe('stillVerified', () => {
  const at = 1_800_000_000_000;

  it('counts a verification for a minute, and not a moment longer', () => {
    expect(CARD_PIN_VERIFIED_MS).toBe(60_000);
    expect(stillVerified(at, at)).toBe(true);
    expect(stillVerified(at, at + 59_999)).toBe(true);
    expect(stillVerified(at, at + 60_000)).toBe(false);
    expect(stillVerified(at, at + 3_600_000)).toBe(false);
  });

  it('counts nothing when there was no verification', () => {
    expect(stillVerified(null, at)).toBe(false);
  });

  it('asks again when the clock went back since', () => {
    expect(stillVerified(at, at - 1)).toBe(false);
  });
});
