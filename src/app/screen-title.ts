/**
 * Each screen's name in the browser's title ('Card — Sleeve'), and what a screen reader hears when the screen changes.
 * The first screen after a load is left alone: the browser announces a new page itself, and focus stays where it
 * starts. Every later screen takes focus on its heading and is announced in one polite live region (RouteAnnouncer),
 * which outlives the screens.
 */
import { useSnapshot } from 'valtio';
import { memoryOf, screenState } from '../state/store';

export const APP_NAME = 'Sleeve';

export const documentTitleOf = (name: string): string => `${name} — ${APP_NAME}`;

/** Counts a newly shown screen; true for every screen after the first since the app started (or was reset). */
export function isLaterScreen(): boolean {
  const screens = memoryOf('screens');
  screens.shown += 1;
  return screens.shown > 1;
}

/** Says the new screen's title in the live region. */
export function announceScreen(title: string): void {
  screenState.announcement = title;
}

export const useScreenAnnouncement = (): string => useSnapshot(screenState).announcement;
