/**
 * Sleeve locks itself after the chosen minutes without activity ('Lock after' in Security, 5 by default), and the
 * person can lock it at once ('Lock now'). Only while a PIN or password exists and the app is unlocked: without a
 * secret there is nothing to lock.
 *
 * Activity is a pointer, key, touch, wheel or scroll in this page. Time with the tab hidden is time without activity:
 * the timer keeps running (a hidden tab's timers may fire late, and not at all while the device sleeps), so when the
 * tab is shown again after longer than the setting, it locks at once. Timers are plain `setTimeout` against
 * `Date.now()`, so a test's fake clock drives them like real time.
 *
 * Each tab keeps its own key, so each tab times its own inactivity and locks only itself: activity in one tab does not
 * keep another unlocked, and locking one tab leaves the others as they are.
 */
import { subscribe } from 'valtio';
import { takeFollowUp } from './gate';
import { lockDevice } from './lock';
import { appState, hasSecret, memoryOf, preferencesState } from './store';
import { showError } from './toast';

const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;
const MINUTE_MS = 60_000;

/** The last activity, the timer, the listeners: the store keeps them, so a reset page starts with none. */
const idle = () => memoryOf('idle');

/**
 * `listener` runs just before this tab locks, to forget what the person was typing (drafts, open forms): nothing
 * typed should wait behind the unlock screen. Returns the unsubscribe.
 */
export function beforeLocking(listener: () => void): () => void {
  const { beforeLock } = idle();
  beforeLock.add(listener);
  return () => {
    beforeLock.delete(listener);
  };
}

/** Locks this tab now: drafts and any action waiting for a verification are dropped, then the key and the cards. */
export async function lockNow(): Promise<void> {
  takeFollowUp();
  for (const listener of idle().beforeLock) listener();
  await lockDevice();
}

/** Whether a secret exists and the app is open: only then is there anything to lock. */
const canLock = (): boolean => appState.phase === 'ready' && !appState.locked && hasSecret();

const limitMs = (): number | null => {
  const minutes = preferencesState.security.lockAfterMinutes;
  return minutes === null ? null : minutes * MINUTE_MS;
};

/**
 * Locks if the setting's time has passed since the last activity, else waits for the rest of it. Activity only
 * moves `lastActivity`; the timer looks at it when it fires, so a moving pointer costs no timer per event.
 */
function check(): void {
  const memory = idle();
  clearTimeout(memory.timer);
  memory.timer = undefined;
  const limit = limitMs();
  const armed = canLock() && limit !== null;
  // Unlocking (or the first secret, or turning the setting on) starts the count afresh.
  if (armed && !memory.armed) memory.lastActivity = Date.now();
  memory.armed = armed;
  if (!armed) return;
  const idleMs = Date.now() - memory.lastActivity;
  if (idleMs >= limit) {
    memory.armed = false;
    lockNow().catch(showError);
    return;
  }
  memory.timer = setTimeout(check, limit - idleMs);
}

function onActivity(): void {
  // A hidden page gets no input from the person; whatever arrives then is not theirs.
  if (document.visibilityState === 'hidden') return;
  idle().lastActivity = Date.now();
}

function onVisibilityChange(): void {
  // Back in view: locks at once when it was away (or idle) longer than the setting.
  if (document.visibilityState === 'visible') check();
}

/** Starts watching for inactivity (once per page); returns the stop. */
export function startAutoLock(): () => void {
  const memory = idle();
  if (memory.stop) return memory.stop;
  const options: AddEventListenerOptions = { capture: true, passive: true };
  for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, options);
  document.addEventListener('visibilitychange', onVisibilityChange);
  const unsubscribe = [subscribe(appState, check), subscribe(preferencesState.security, check)];
  memory.armed = false;
  check();
  const stopping = () => {
    for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, options);
    document.removeEventListener('visibilitychange', onVisibilityChange);
    for (const off of unsubscribe) off();
    clearTimeout(memory.timer);
    memory.timer = undefined;
    memory.armed = false;
    memory.stop = null;
  };
  memory.stop = stopping;
  return stopping;
}
