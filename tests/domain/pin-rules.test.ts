import { describe, expect, it } from 'vitest';
import { BLOCKED_PIN_COUNT, isTooCommonPin } from '../../src/domain/pin-rules';

describe('isTooCommonPin', () => {
  it.each([
    ['repeats', ['000000', '111111', '999999']],
    ['ascending and descending runs', ['012345', '123456', '456789', '987654', '543210']],
    ['repeated pairs and triples', ['121212', '909090', '123123', '007007']],
    ['mirrored halves', ['123321', '908809']],
    ['split halves', ['111222', '000999']],
    ['doubled runs', ['112233', '998877']],
    ['keypad lines and shapes', ['147258', '258369', '159753', '789456', '369147', '357159']],
  ])('blocks %s', (_kind, pins) => {
    for (const pin of pins) expect(isTooCommonPin(pin), pin).toBe(true);
  });

  it.each(['274951', '530718', '806142', '123457', '890123'])('allows %s', (pin) => {
    expect(isTooCommonPin(pin)).toBe(false);
  });

  it(`blocks exactly ${BLOCKED_PIN_COUNT} of the 1,000,000 PINs`, () => {
    let blocked = 0;
    for (let n = 0; n < 1_000_000; n += 1) if (isTooCommonPin(String(n).padStart(6, '0'))) blocked += 1;
    expect(blocked).toBe(BLOCKED_PIN_COUNT);
  });
});
