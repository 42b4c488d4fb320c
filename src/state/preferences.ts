/** The person's preferences, persisted under `sleeve/preferences`. */
import type { ClipboardClearSeconds, LockAfterMinutes, Preferences } from '../domain/preferences';
import { updateStorage } from '../storage/local-storage';
import { showPreferences } from './store';
import { showError } from './toast';

export { preferencesState, showPreferences } from './store';

/**
 * Saves one change first and shows it only once it is stored, so a switch or select never lies. The change is made
 * to the preferences as stored now (read inside the storage lock), so a setting another tab changed a moment ago
 * is kept.
 */
async function changePreferences(change: (preferences: Preferences) => void): Promise<void> {
  try {
    const stored = await updateStorage((current) => {
      const next = structuredClone(current.preferences);
      change(next);
      return { preferences: next };
    });
    showPreferences(stored.preferences);
  } catch (error) {
    showError(error);
  }
}

export const setMaskCardNumber = (on: boolean): Promise<void> =>
  changePreferences((preferences) => {
    preferences.userInterface.maskCardNumber = on;
  });

export const setLockAfterMinutes = (minutes: LockAfterMinutes): Promise<void> =>
  changePreferences((preferences) => {
    preferences.security.lockAfterMinutes = minutes;
  });

export const setClipboardClearSeconds = (seconds: ClipboardClearSeconds): Promise<void> =>
  changePreferences((preferences) => {
    preferences.security.clipboardClearSeconds = seconds;
  });

export const setAskBeforeShowingPins = (on: boolean): Promise<void> =>
  changePreferences((preferences) => {
    preferences.security.askBeforeShowingPins = on;
  });

/** Read at the next launch: whether Sleeve then looks for a new version and offers it. */
export const setCheckAtLaunch = (on: boolean): Promise<void> =>
  changePreferences((preferences) => {
    preferences.updates.checkAtLaunch = on;
  });
