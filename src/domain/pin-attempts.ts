/**
 * The PIN's attempt limit. Wrong PINs in a row are counted on the device, by the engine's worker beside the PIN's
 * device key (worker/vault/pin-limit.ts), shared by every tab; from the fifth, the next try waits 30 s, then twice
 * as long after each further wrong PIN (60 s, 120 s, …); at the tenth the PIN stops working and the person unlocks
 * with the password or starts again with 'Forgot PIN?'. A right PIN clears the count.
 *
 * Each try is counted as wrong before its PIN is derived, and uncounted once it turns out right (or never reached
 * the PIN), so tabs trying at the same moment cannot get more tries than the limit allows. The count belongs to one
 * PIN record, named by its salt: a new PIN starts from none. The end of a wait is stored as a time, so a reload
 * neither shortens nor restarts it.
 */
import type { Checked } from './stored-shapes';

export interface PinAttempts {
  /** The salt of the PIN record the tries were made against; `null` when nothing is counted. */
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

/** The tries that count against the PIN record with `pinSalt`; those of another PIN count for nothing. */
export const attemptsFor = (stored: PinAttempts, pinSalt: string): PinAttempts =>
  stored.pinSalt === pinSalt ? stored : { ...noAttempts(), pinSalt };

export type PinTry = { kind: 'open' } | { kind: 'wait'; until: number } | { kind: 'stopped' };

/** Whether the PIN with `pinSalt` may be tried at `now`. */
export function nextTry(stored: PinAttempts, pinSalt: string, now: number): PinTry {
  const own = attemptsFor(stored, pinSalt);
  if (own.wrongInARow >= STOP_AT) return { kind: 'stopped' };
  if (own.tryAgainAt !== null && now < own.tryAgainAt) return { kind: 'wait', until: own.tryAgainAt };
  return { kind: 'open' };
}

/** A try starting at `now`, counted as wrong until it proves right; its wait, should it be wrong, starts now. */
export function reserveTry(stored: PinAttempts, pinSalt: string, now: number): PinAttempts {
  const wrongInARow = attemptsFor(stored, pinSalt).wrongInARow + 1;
  const wait = waitAfter(wrongInARow);
  return { pinSalt, wrongInARow, tryAgainAt: wait > 0 ? now + wait : null };
}

/**
 * A try that never reached the PIN (this device's key was missing, storage failed) is taken back. A try is only
 * reserved once the wait before it is over, so below the waiting count none is left; at or above it the stored wait
 * stays, which may be the longer one of a try another tab reserved meanwhile.
 */
export function takeBackTry(stored: PinAttempts, pinSalt: string): PinAttempts {
  const own = attemptsFor(stored, pinSalt);
  const wrongInARow = Math.max(0, own.wrongInARow - 1);
  return { pinSalt, wrongInARow, tryAgainAt: wrongInARow >= WAIT_FROM ? own.tryAgainAt : null };
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
