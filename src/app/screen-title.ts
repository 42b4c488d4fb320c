/**
 * Each screen's name in the browser's title ('Card — Sleeve'), and what a screen reader hears when the screen changes.
 * The first screen after a load is left alone: the browser announces a new page itself, and focus stays where it
 * starts. Every later screen takes focus on its heading and is announced in one polite live region (RouteAnnouncer),
 * which outlives the screens.
 */
import { useSyncExternalStore } from 'react';

export const APP_NAME = 'Sleeve';

export const documentTitleOf = (name: string): string => `${name} — ${APP_NAME}`;

let screensShown = 0;
let announcement = '';
const listeners = new Set<() => void>();

/** Counts a newly shown screen; true for every screen after the first since the app started. */
export function isLaterScreen(): boolean {
  screensShown += 1;
  return screensShown > 1;
}

/** Says the new screen's title in the live region. */
export function announceScreen(title: string): void {
  announcement = title;
  for (const listener of listeners) listener();
}

/** Back to a fresh start, as after a reload: the next screen counts as the first (tests render the app many times). */
export function forgetShownScreens(): void {
  screensShown = 0;
  announceScreen('');
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useScreenAnnouncement = (): string =>
  useSyncExternalStore(
    subscribe,
    () => announcement,
    () => announcement,
  );
