/**
 * The PIN's attempt limit (src/domain/pin-attempts.ts) as the state layer enforces it. Every PIN try, to unlock or
 * to verify, runs through `underPinLimit`, so code that calls the action rather than the screen still waits and
 * still stops at ten. The count is stored (shared by tabs, kept across reloads); `pinLimitState` shows it.
 */
import { Messages, SleeveError } from '../domain/errors';
import type { PinAttempts, PinTry } from '../domain/pin-attempts';
import {
  attemptsFor,
  nextTry,
  noAttempts,
  reserveTry,
  STOP_AT,
  secondsLeft,
  takeBackTry,
} from '../domain/pin-attempts';
import type { PinRecord } from '../domain/secret';
import { loadPinAttempts, updatePinAttempts } from '../storage/local-storage';
import { reportError } from './report';
import { appState, pinLimitState, records } from './store';

export const PinLimitMessages = {
  tryAgainIn: (seconds: number) => `Try again in ${seconds} s`,
  tooMany: 'Too many wrong PINs in a row.',
  stopped: 'The PIN was entered wrongly 10 times in a row, so it no longer unlocks Sleeve.',
  usePassword: "Unlock with your password, or use 'Forgot PIN?'.",
  useForgotPin: "Use 'Forgot PIN?' to start again.",
} as const;

/** Where a person goes from a PIN that cannot be used: the password when there is one, else 'Forgot PIN?'. */
export const wayOut = (): string =>
  appState.passwordCreated ? PinLimitMessages.usePassword : PinLimitMessages.useForgotPin;

/** Shows the count for this device's PIN: `stored`, or what is stored now. */
export function showPinLimit(stored?: PinAttempts): void {
  const pin = records().pin;
  const loaded = stored ? null : loadPinAttempts();
  const attempts = stored ?? (loaded?.ok ? loaded.value : noAttempts());
  const own = pin ? attemptsFor(attempts, pin.salt) : noAttempts();
  pinLimitState.tryAgainAt = own.tryAgainAt ?? 0;
  pinLimitState.stopped = own.wrongInARow >= STOP_AT;
}

function refusal(verdict: Exclude<PinTry, { kind: 'open' }>): SleeveError {
  if (verdict.kind === 'stopped') return new SleeveError(`${PinLimitMessages.stopped} ${wayOut()}`);
  return new SleeveError(PinLimitMessages.tryAgainIn(secondsLeft(verdict.until, Date.now())));
}

/**
 * One PIN try against `record`, under the limit. While a wait runs, or once the PIN has stopped, it is refused
 * before anything is derived. Otherwise it is counted as wrong before `attempt` runs, so tabs trying at the same
 * moment cannot exceed the limit, and uncounted when the PIN proves right or the try fails before reaching it.
 */
export async function underPinLimit<T>(record: PinRecord, attempt: () => Promise<T>): Promise<T> {
  const salt = record.salt;
  let refused = null as Exclude<PinTry, { kind: 'open' }> | null;
  const reserved = await updatePinAttempts((stored) => {
    const verdict = nextTry(stored, salt, Date.now());
    if (verdict.kind === 'open') return reserveTry(stored, salt, Date.now());
    refused = verdict;
    return undefined;
  });
  showPinLimit(reserved);
  if (refused) throw refusal(refused);
  let outcome: 'right' | 'wrong' | 'other' = 'other';
  try {
    const result = await attempt();
    outcome = 'right';
    return result;
  } catch (error) {
    if (error instanceof Error && error.message === Messages.pinIncorrect) outcome = 'wrong';
    throw error;
  } finally {
    // A wrong PIN stays counted, with the wait its reservation set.
    if (outcome !== 'wrong') await settle(salt, outcome);
  }
}

/** A right PIN clears the count; a try that never reached the PIN is taken back. Failing to store it is reported. */
async function settle(salt: string, outcome: 'right' | 'other'): Promise<void> {
  try {
    const stored = await updatePinAttempts((current) => {
      if (current.pinSalt !== salt) return undefined;
      if (outcome === 'right') return null;
      const back = takeBackTry(current, salt);
      return back.wrongInARow === 0 ? null : back;
    });
    showPinLimit(stored);
  } catch (error) {
    reportError(error);
  }
}

/** The person proved the password: whatever the PIN's count was, it starts again from none. */
export async function forgetPinAttempts(): Promise<void> {
  try {
    showPinLimit(await updatePinAttempts((current) => (current.pinSalt === null ? undefined : null)));
  } catch (error) {
    reportError(error);
  }
}

/**
 * A PIN record whose device key is not here: the screen says so and offers the way out, and the message says it too.
 * Any other failure comes back as it was.
 */
export function explainKeyMissing(error: unknown): unknown {
  if (!(error instanceof Error) || error.message !== Messages.pinKeyMissing) return error;
  pinLimitState.keyMissing = true;
  return new SleeveError(`${Messages.pinKeyMissing} ${wayOut()}`, { cause: error });
}
