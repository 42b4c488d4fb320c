/**
 * The app's lifecycle: loading storage, the unreadable-data gate, and the lock flags. Flags only: the records
 * themselves (salts, wrapped keys) stay outside any proxy.
 */
import { proxy } from 'valtio';
import type { AuthRecords } from '../domain/secret';
import type { SignedInUser } from '../domain/user';
import { getEngine } from '../engine';
import type { StoreName } from '../storage/local-store';
import { discard, loadAuth, loadCards, loadPreferences, markUnreadable, rawValue } from '../storage/local-store';
import { detachAccount, resumeAccount } from './account';
import { adoptCollection, openCards } from './cards';
import { applyPreferences } from './preferences';
import { reportError } from './report';

export interface StorageProblem {
  name: StoreName;
  reason: string;
}

export type { SignedInUser } from '../domain/user';

export const appState = proxy({
  phase: 'loading' as 'loading' | 'problem' | 'ready',
  problems: [] as StorageProblem[],
  /** Encrypted data exists and the key is not held: only the unlock screens are reachable. */
  locked: false,
  pinCreated: false,
  passwordCreated: false,
  /** Signed in with Google and a password created or entered; `null` for anonymous use. */
  user: null as SignedInUser | null,
  /**
   * False while this device has an account password and Firebase has not yet said who is signed in; only the
   * splash shows until then (SPEC.md §2). True when there is no account on this device.
   */
  remoteReady: true,
  /** The password was changed on another device: unlocking needs the new one ('Enter your new password'). */
  passwordStale: false,
});

let records: AuthRecords = { password: null, pin: null };

export const authRecords = (): AuthRecords => records;

export function setAuthRecords(next: AuthRecords): void {
  records = next;
  appState.pinCreated = next.pin !== null;
  appState.passwordCreated = next.password !== null;
}

/** Reads the three keys and opens the cards; any key that cannot be read stops here with a plain reason. */
export async function startApp(): Promise<void> {
  appState.phase = 'loading';
  const problems: StorageProblem[] = [];
  const preferences = loadPreferences();
  if (preferences.ok) applyPreferences(preferences.value);
  else problems.push({ name: 'preferences', reason: preferences.reason });
  const auth = loadAuth();
  if (auth.ok) setAuthRecords(auth.value);
  else problems.push({ name: 'auth', reason: auth.reason });
  const cards = loadCards();
  if (!cards.ok) problems.push({ name: 'cards', reason: cards.reason });
  else if (auth.ok && cards.value.type === 'ENCRYPTED' && !auth.value.pin && !auth.value.password) {
    markUnreadable('cards');
    problems.push({
      name: 'cards',
      reason: 'its cards are encrypted, but this device has no PIN or password to open them',
    });
  }
  if (problems.length > 0 || !cards.ok || !auth.ok) {
    appState.problems = problems;
    appState.phase = 'problem';
    return;
  }
  appState.problems = [];
  detachAccount();
  appState.user = null;
  appState.passwordStale = false;
  appState.remoteReady = auth.value.password === null;
  appState.locked = auth.value.pin !== null || auth.value.password !== null;
  // Locked: the encrypted collection waits here, unopened, for the key that unlocking brings.
  if (appState.locked) {
    adoptCollection(cards.value, []);
    // Start the engine worker now, while the person types the PIN, so unlocking waits only for the derivation and
    // not also for the worker's script to load and start (measured: ~100-200 ms on a 2-core machine).
    getEngine().hasKey().catch(reportError);
  } else {
    try {
      await openCards(cards.value);
    } catch (error) {
      reportError(error);
      markUnreadable('cards');
      appState.problems = [{ name: 'cards', reason: 'its cards could not be opened' }];
      appState.phase = 'problem';
      return;
    }
  }
  // A password record means an account on this device: Firebase must say who is signed in before anything shows.
  if (auth.value.password !== null) {
    const signedIn = await resumeAccount();
    appState.remoteReady = true;
    // The account session ended (signed out or deleted elsewhere): its data has left this device; start anonymous.
    if (!signedIn) return startApp();
  }
  appState.phase = 'ready';
}

export const unreadableValue = (name: StoreName): string => rawValue(name) ?? '';

/** The person chose to start afresh for one key: its raw value is removed and the app starts again. */
export async function startFresh(name: StoreName): Promise<void> {
  discard(name);
  await startApp();
}
