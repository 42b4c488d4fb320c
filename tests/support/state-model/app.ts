/**
 * A tab's life: src/state/lifecycle.ts (load, restart) and the account's resume and leave (sign-in.ts, leave.ts), which start the
 * app afresh.
 */
import { emptyPlainCollection } from '../../../src/domain/card';
import { emptyAuthRecords } from '../../../src/domain/secret';
import { sameRecords } from '../../../src/state/device-records';
import type { Flow, StoredValues } from './core';
import { STEP } from './core';
import type { Device } from './device';
import { Tab } from './device';
import { clearPasswordStale } from './newer-password';
import { openAndShow, resetDevice, setRecords, setSession, setStored, showOpened } from './store';
import { Session } from './sync-session';
import { engine } from './worker';
import type { World } from './world';

/** A tab opens (a page load, or a reload): a fresh tab starts the app. */
export function openTab(world: World, device: Device, slot: number): Tab {
  const old = device.tabs[slot];
  const tab = new Tab(device, slot, (old?.incarnation ?? 0) + 1);
  device.tabs[slot] = tab;
  if (world.verbose) tab.watch = (line) => world.note(line);
  world.spawn(tab, 'load', startApp(world, tab), (error) => world.unexpected(tab, 'load', error));
  return tab;
}

/** lifecycle.ts: reads storage and starts: locked while a secret is stored, the account resumed while one is. */
export function* startApp(world: World, tab: Tab): Flow {
  resetDevice(tab);
  const { auth, cards } = world.read(tab.device);
  if (cards.type === 'ENCRYPTED' && Object.keys(cards.cards).length > 0 && !auth.pin && !auth.password) {
    tab.phase = 'problem';
    return;
  }
  setRecords(tab, auth);
  tab.locked = auth.pin !== null || auth.password !== null;
  if (tab.locked) setStored(tab, cards);
  else yield* openAndShow(world, tab, cards);
  if (auth.password !== null) {
    const signedIn = yield* resumeAccount(world, tab);
    if (!signedIn) return yield* startApp(world, tab);
  }
  tab.phase = 'ready';
}

export function* restartApp(world: World, tab: Tab): Flow {
  yield* engine(tab, () => {
    tab.key = null;
  });
  yield* startApp(world, tab);
}

/** sign-in.ts `resumeAccount`: signed in, the sync session starts; signed out, the account leaves this device. */
export function* resumeAccount(world: World, tab: Tab): Flow<boolean> {
  yield STEP; // loadAccountServer
  yield STEP; // firstUser
  const user = tab.device.google;
  if (!user) {
    yield* leaveDevice(world, tab);
    return false;
  }
  tab.user = user;
  setSession(tab, new Session(world, tab, user, leaveDevice).start());
  return true;
}

/**
 * leave.ts `leaveDevice`: every trace of the account leaves this device, but only what the tab left: under the lock,
 * nothing is discarded once the stored records changed or someone signed in to Firebase again.
 */
export function* leaveDevice(world: World, tab: Tab): Flow {
  const known = tab.records;
  setSession(tab, null);
  tab.pendingSignIn = null;
  yield* engine(tab, () => {
    tab.key = null;
  });
  const changedSince = (current: StoredValues) => tab.device.google !== null || !sameRecords(current.auth, known);
  if (!(yield* world.discard(tab, ['cards', 'auth', 'outbox'], changedSince))) return yield* startApp(world, tab);
  setRecords(tab, emptyAuthRecords());
  clearPasswordStale(tab);
  showOpened(world, tab, emptyPlainCollection(), { cards: [], unreadable: [] });
  tab.user = null;
  tab.locked = false;
}
