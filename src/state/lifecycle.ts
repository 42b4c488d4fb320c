/**
 * The one module that starts and restarts the app: reading storage, the unreadable-data gate, starting locked or
 * open, resuming the account, following other tabs, and reacting to what the state layer reports (DeviceEvent):
 * signed out elsewhere, the password changed elsewhere, storage changed under this tab. Nothing imports this module
 * but the page's entry and the screens that start afresh, so control flows one way: down from here.
 */
import { EngineStartError, engineStartFailure, getEngine } from '../engine';
import { readCardsAhead } from '../storage/cards-read-ahead';
import type { StoredValueName } from '../storage/local-storage';
import {
  discard,
  loadAuth,
  loadCards,
  loadDetails,
  loadOutbox,
  loadPinAttempts,
  loadPreferences,
  markUnreadable,
  rawValue,
  storageAvailable,
} from '../storage/local-storage';
import { leaveAccount } from './leave';
import { markPasswordStale, showLocked } from './lock';
import { refreshPinLimit } from './pin-limit';
import { reportError } from './report';
import type { DeviceEvent, StartFailure, StorageProblem } from './store';
import { appState, forgetStorageReading, memoryOf, onDeviceEvent, setRecords, showPreferences } from './store';
import { followOtherTabs } from './tabs';
import { showError } from './toast';
import { openAndShow } from './view';

export type { SignedInUser } from '../domain/user';
export type { StartFailure, StorageProblem } from './store';
export { appState } from './store';

/**
 * Reads the keys and opens the cards; any key that cannot be read stops here with a plain reason. `afterOtherTab`:
 * another tab changed storage (it may have just signed in). A start that cannot finish (no storage, no engine,
 * anything unexpected) ends on a screen that says so, never on a splash that stays.
 */
export async function startApp(afterOtherTab = false): Promise<void> {
  try {
    await startFromStorage(afterOtherTab);
  } catch (error) {
    reportError(error);
    failStart(error instanceof EngineStartError ? 'engine' : 'unexpected');
  }
}

/** The start stops here: the failure screen replaces whatever showed, and says what to try. */
export function failStart(reason: StartFailure): void {
  if (appState.phase === 'failed') return;
  appState.startFailure = reason;
  appState.phase = 'failed';
}

/** What this tab does when the state layer reports something (the same function each start: a set keeps it once). */
function react(event: DeviceEvent): void {
  const reaction =
    event.kind === 'signed-out-elsewhere'
      ? leaveAccount()
      : event.kind === 'password-changed-elsewhere'
        ? markPasswordStale(event.record)
        : restartApp();
  reaction.catch(showError);
}

async function startFromStorage(afterOtherTab: boolean): Promise<void> {
  forgetStorageReading();
  if (!storageAvailable()) {
    failStart('storage');
    return;
  }
  onDeviceEvent(react);
  followOtherTabs();
  // The engine's worker starts where it is first needed: at once for encrypted cards (below), when an editor opens
  // for plain ones (src/state/cards.ts, prepareToSave), so a plain Home shows without loading it. Wherever it
  // starts, a worker that cannot load ends on the failure screen.
  const engineFailed = engineStartFailure();
  engineFailed.catch(() => failStart('engine'));
  // A large wallet's cards are parsed ahead, a piece a task, so that reading every key below is one short task.
  await readCardsAhead();
  const problems: StorageProblem[] = [];
  const preferences = loadPreferences();
  if (preferences.ok) showPreferences(preferences.value);
  else problems.push({ name: 'preferences', reason: preferences.reason });
  const auth = loadAuth();
  if (!auth.ok) problems.push({ name: 'auth', reason: auth.reason });
  const outbox = loadOutbox();
  if (!outbox.ok) problems.push({ name: 'outbox', reason: outbox.reason });
  const pinAttempts = loadPinAttempts();
  if (!pinAttempts.ok) problems.push({ name: 'pinAttempts', reason: pinAttempts.reason });
  const details = loadDetails();
  if (!details.ok) problems.push({ name: 'details', reason: details.reason });
  const cards = loadCards();
  if (!cards.ok) problems.push({ name: 'cards', reason: cards.reason });
  else if (
    auth.ok &&
    cards.value.type === 'ENCRYPTED' &&
    Object.keys(cards.value.cards).length > 0 &&
    !auth.value.pin &&
    !auth.value.password
  ) {
    markUnreadable('cards');
    problems.push({
      name: 'cards',
      reason: 'its cards are encrypted, but this device has no PIN or password to open them',
    });
  }
  if (problems.length > 0 || !cards.ok || !auth.ok || !pinAttempts.ok) {
    appState.problems = problems;
    appState.phase = 'problem';
    return;
  }
  setRecords(auth.value);
  // The count is the engine's; asked now, in parallel with the rest.
  const pinLimitShown = refreshPinLimit();
  appState.remoteReady = auth.value.password === null;
  if (auth.value.pin !== null || auth.value.password !== null) {
    // Locked: the encrypted collection waits here, unopened, for the key that unlocking brings.
    showLocked(cards.value);
    // Start the engine worker now, while the person types the PIN, so unlocking waits only for the derivation and
    // not also for the worker's script to load and start (measured: ~100-200 ms on a 2-core machine).
    getEngine().hasKey().catch(reportError);
  } else {
    await Promise.race([openAndShow(cards.value), engineFailed]);
  }
  // A password record means an account on this device: Firebase must say who is signed in before anything shows.
  if (auth.value.password !== null) {
    const signedIn = await resume(afterOtherTab);
    appState.remoteReady = true;
    // The account session ended (signed out or deleted elsewhere): its data has left this device; start anonymous.
    if (!signedIn) return startApp();
  }
  // The first screen shows the count, so it waits for the engine's when this device's copy of it (the mirror other
  // tabs follow) says a try went wrong. On nearly every start it says none, and the keypad shows at once, without
  // the 100–180 ms a slow phone's engine worker takes to start and answer; the count, none, follows. A copy removed
  // or edited to none shows the keypad a moment before the engine's wait or stop replaces it, and the engine refuses
  // every try meanwhile (worker/vault/pin-limit.ts). A worker that cannot load ends the start on the failure screen
  // once it fails, as above.
  if (pinAttempts.value.wrongInARow > 0) await Promise.race([pinLimitShown, engineFailed]);
  appState.phase = 'ready';
}

/**
 * Signing in and the account's sync session (src/state/sign-in.ts, src/state/sync-session.ts and what they use) are
 * a chunk of their own, loaded only on a device with an account: a person who never signs in never downloads them,
 * and the first script stays small. Offline, with that chunk not cached, the local record still unlocks; sync waits
 * for a reload, as when Firebase itself cannot load.
 */
async function resume(afterOtherTab: boolean): Promise<boolean> {
  let signIn: typeof import('./sign-in');
  try {
    signIn = await import('./sign-in');
  } catch (error) {
    showError(error);
    return true;
  }
  return signIn.resumeAccount(afterOtherTab);
}

/**
 * Starts this tab afresh from what is stored (another tab changed it in a way only a fresh start follows, or the
 * account left while another tab stored something new): the held key goes, then storage is read. It waits its turn
 * behind the changes of other tabs being followed, in order.
 */
export function restartApp(): Promise<void> {
  const tabs = memoryOf('tabs');
  const done = tabs.following.then(async () => {
    await getEngine().lock();
    await startApp(true);
  });
  tabs.following = done.catch(reportError);
  return done;
}

export const unreadableValue = (name: StoredValueName): string => rawValue(name) ?? '';

/** The person chose to start afresh for one stored value: its raw value is removed and the app starts again. */
export async function discardAndStart(name: StoredValueName): Promise<void> {
  await discard(name);
  await startApp();
}

/** 'Forgot PIN?' without a password: the cards cannot be recovered, so the person may start again. */
export async function eraseDevice(): Promise<void> {
  await getEngine().lock();
  await discard('cards', 'details', 'auth', 'preferences', 'outbox', 'pinAttempts');
  await startApp();
}
