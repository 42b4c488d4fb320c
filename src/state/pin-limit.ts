/**
 * The PIN's attempt limit (src/domain/pin-attempts.ts) as the page shows it. The engine keeps the count and enforces
 * it (worker/vault/pin-limit.ts): it refuses a try while a wait runs or once the PIN has stopped, before deriving
 * anything, whoever calls it. The page asks the engine for the count after each try and shows it (`pinLimitState`).
 *
 * Other tabs follow through `sleeve/pin-attempts`: after each try this tab writes the count it was given there, and
 * the `storage` event that write raises makes every other tab ask its own engine (src/state/tabs.ts). It is a mirror
 * and never the authority: what it holds is never read as the count. A start reads it only to know whether its
 * first screen waits for the engine's count (src/state/lifecycle.ts), so removing or editing it changes nothing but
 * a moment's keypad before the engine's wait or stop. A mirror rather than another channel, because other tabs
 * already follow every change to the device through `storage` events, and the mirror keeps them in that one order.
 */
import { InvalidStateError, Messages, SleeveError } from '../domain/errors';
import type { PinAttempts } from '../domain/pin-attempts';
import { noAttempts, PinLimitMessages, STOP_AT } from '../domain/pin-attempts';
import type { PinRecord } from '../domain/secret';
import { getEngine } from '../engine';
import { updatePinAttempts } from '../storage/local-storage';
import { reportError } from './report';
import { appState, pinLimitState, records } from './store';

/** Where a person goes from a PIN that cannot be used: the password when there is one, else 'Forgot PIN?'. */
export const wayOut = (): string =>
  appState.passwordCreated ? PinLimitMessages.usePassword : PinLimitMessages.useForgotPin;

/** Shows `attempts`, the count for this device's PIN. */
function showPinLimit(attempts: PinAttempts): void {
  pinLimitState.tryAgainAt = attempts.tryAgainAt ?? 0;
  pinLimitState.stopped = attempts.wrongInARow >= STOP_AT;
}

/** The count for `pin` as the engine keeps it; none without a PIN. */
const countFor = (pin: PinRecord | null): Promise<PinAttempts> =>
  pin ? getEngine().pinAttempts(pin) : Promise.resolve(noAttempts());

/** Asks the engine for this device's PIN count and shows it. A failure is reported; the next try says why. */
export async function refreshPinLimit(): Promise<void> {
  try {
    const pin = records().pin;
    const attempts = await countFor(pin);
    if (records().pin === pin) showPinLimit(attempts);
  } catch (error) {
    reportError(error);
  }
}

/**
 * Asks the engine for the count after this tab's try, shows it, and writes it to the mirror for other tabs when it
 * changed. Asked inside the storage lock, so of two tabs writing at once the later write holds the later count.
 */
async function followOwnTry(pin: PinRecord): Promise<void> {
  try {
    await updatePinAttempts(async (mirrored) => {
      const attempts = await countFor(pin);
      if (records().pin === pin) showPinLimit(attempts);
      const next = attempts.wrongInARow === 0 ? null : attempts;
      const same = next === null ? mirrored.wrongInARow === 0 : JSON.stringify(next) === JSON.stringify(mirrored);
      return same ? undefined : next;
    });
  } catch (error) {
    reportError(error);
  }
}

/**
 * One PIN try against `record`: the engine counts it and refuses it while a wait runs or once the PIN has stopped.
 * Its stop comes with the way out; then the count is shown and mirrored, whatever the try's outcome.
 */
export async function underPinLimit<T>(record: PinRecord, attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    if (error instanceof Error && error.message === PinLimitMessages.stopped) {
      throw new InvalidStateError(`${PinLimitMessages.stopped} ${wayOut()}`, { cause: error });
    }
    throw error;
  } finally {
    await followOwnTry(record);
  }
}

/** The person proved the password: the engine starts the PIN's count again from none, and every tab hears of it. */
export async function forgetPinAttempts(): Promise<void> {
  const pin = records().pin;
  if (!pin) return;
  try {
    await getEngine().forgetPinAttempts();
  } catch (error) {
    reportError(error);
  }
  await followOwnTry(pin);
}

/** A new PIN starts from none (the worker starts the count again for a PIN it creates or changes); nothing to ask. */
export function showNewPin(): void {
  showPinLimit(noAttempts());
  pinLimitState.keyMissing = false;
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
