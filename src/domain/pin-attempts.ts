/**
 * The PIN's attempt limit. Wrong PINs in a row are counted on the device, by the engine's worker beside the PIN's
 * device key (worker/vault/pin-limit.ts), shared by every tab; from the fifth, the next try waits 30 s, then twice
 * as long after each further wrong PIN (60 s, 120 s, …); at the tenth the PIN stops working and the person unlocks
 * with the password or starts again with 'Forgot PIN?'. A right PIN clears the count.
 *
 * Each try is counted as wrong before its PIN is derived, and uncounted once it turns out right (or never reached
 * the PIN), so tabs trying at the same moment cannot get more tries than the limit allows. The count belongs to the
 * device key, not to a PIN record: what a record in local storage says (its salt, its IVs) cannot name another count,
 * so editing it neither moves the count nor starts it again. Only the worker's own creation or change of a PIN does
 * (worker/crypto/device-key.ts). The end of a wait is stored as a time, so a reload neither shortens nor restarts it.
 */
import type { Checked } from './stored-shapes';

export interface PinAttempts {
  /**
   * `null`: the count of this device's key, whatever record is tried. An earlier Sleeve kept a count for one PIN
   * record and named it here by the record's salt; such a count holds for that record alone (`countFor`) until its
   * next change writes it in today's form. Kept in the shape, so a tab of that version still reads the mirror.
   */
  pinSalt: string | null;
  wrongInARow: number;
  /** When the next try may start (ms since epoch), or `null` when it need not wait. */
  tryAgainAt: number | null;
}

/** From this many wrong PINs in a row, the next try waits. */
export const WAIT_FROM = 5;
/** At this many wrong PINs in a row, the PIN no longer unlocks. */
export const STOP_AT = 10;
export const FIRST_WAIT_MS = 30_000;

/** What a person reads about the limit; the worker's refusals and the screens say the same words. */
export const PinLimitMessages = {
  tryAgainIn: (seconds: number) => `Try again in ${seconds} s`,
  tooMany: 'Too many wrong PINs in a row.',
  stopped: 'The PIN was entered wrongly 10 times in a row, so it no longer unlocks Sleeve.',
  usePassword: "Unlock with your password, or use 'Forgot PIN?'.",
  useForgotPin: "Use 'Forgot PIN?' to start again.",
} as const;

export const noAttempts = (): PinAttempts => ({ pinSalt: null, wrongInARow: 0, tryAgainAt: null });

/** How long the try after `wrong` wrong PINs in a row must wait: 0, then 30 s, 60 s, 120 s … */
export const waitAfter = (wrong: number): number => (wrong < WAIT_FROM ? 0 : FIRST_WAIT_MS * 2 ** (wrong - WAIT_FROM));

/**
 * The count a try at the PIN record with `pinSalt` meets: the device key's. A count an earlier Sleeve kept for another
 * record (a PIN since replaced) held nothing for this one then, and holds nothing now: it starts from none, once.
 */
export function countFor(stored: PinAttempts, pinSalt: string): PinAttempts {
  if (stored.pinSalt === null) return stored;
  return stored.pinSalt === pinSalt ? { ...stored, pinSalt: null } : noAttempts();
}

export type PinTry = { kind: 'open' } | { kind: 'wait'; until: number } | { kind: 'stopped' };

/** Whether the PIN may be tried at `now`, given its `count` (`countFor`). */
export function nextTry(count: PinAttempts, now: number): PinTry {
  if (count.wrongInARow >= STOP_AT) return { kind: 'stopped' };
  if (count.tryAgainAt !== null && now < count.tryAgainAt) return { kind: 'wait', until: count.tryAgainAt };
  return { kind: 'open' };
}

/** A try starting at `now`, counted as wrong until it proves right; its wait, should it be wrong, starts now. */
export function reserveTry(count: PinAttempts, now: number): PinAttempts {
  const wrongInARow = count.wrongInARow + 1;
  const wait = waitAfter(wrongInARow);
  return { pinSalt: null, wrongInARow, tryAgainAt: wait > 0 ? now + wait : null };
}

/**
 * A try that never reached the PIN (this device's key was missing, storage failed) is taken back. A try is only
 * reserved once the wait before it is over, so below the waiting count none is left; at or above it the stored wait
 * stays, which may be the longer one of a try another tab reserved meanwhile.
 */
export function takeBackTry(count: PinAttempts): PinAttempts {
  const wrongInARow = Math.max(0, count.wrongInARow - 1);
  return { pinSalt: null, wrongInARow, tryAgainAt: wrongInARow >= WAIT_FROM ? count.tryAgainAt : null };
}

/** Whole seconds left until `until`, rounded up, as the countdown shows them ('Try again in 30 s'). */
export const secondsLeft = (until: number, now: number): number => Math.max(0, Math.ceil((until - now) / 1000));

const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

export function checkPinAttempts(value: unknown): Checked<PinAttempts> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, reason: 'it is not a count of wrong PINs' };
  }
  const { pinSalt, wrongInARow, tryAgainAt } = value as Record<string, unknown>;
  if (
    (pinSalt !== null && typeof pinSalt !== 'string') ||
    !isCount(wrongInARow) ||
    (tryAgainAt !== null && !(typeof tryAgainAt === 'number' && Number.isFinite(tryAgainAt)))
  ) {
    return { ok: false, reason: 'its count or waiting time is damaged' };
  }
  return { ok: true, value: { pinSalt, wrongInARow, tryAgainAt } };
}
