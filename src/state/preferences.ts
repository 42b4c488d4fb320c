/** The person's interface preferences, persisted under `sleeve/preferences`. */
import { proxy } from 'valtio';
import type { Preferences } from '../domain/preferences';
import { defaultPreferences } from '../domain/preferences';
import { updateStorage } from '../storage/local-store';
import { showError } from './toast';

export const preferencesState = proxy<Preferences>(defaultPreferences());

export function applyPreferences(preferences: Preferences): void {
  preferencesState.userInterface.maskCardNumber = preferences.userInterface.maskCardNumber;
  preferencesState.updates.checkAtLaunch = preferences.updates.checkAtLaunch;
}

const plain = (): Preferences => ({
  userInterface: { maskCardNumber: preferencesState.userInterface.maskCardNumber },
  updates: { checkAtLaunch: preferencesState.updates.checkAtLaunch },
});

/** Saves first and shows the change only once it is stored, so the switch never lies. */
async function save(change: (next: Preferences) => void): Promise<void> {
  const next = plain();
  change(next);
  try {
    await updateStorage(() => ({ preferences: next }));
    applyPreferences(next);
  } catch (error) {
    showError(error);
  }
}

export const setMaskCardNumber = (on: boolean): Promise<void> =>
  save((next) => {
    next.userInterface.maskCardNumber = on;
  });

/** Read at the next launch: whether Sleeve then looks for a new version and offers it. */
export const setCheckAtLaunch = (on: boolean): Promise<void> =>
  save((next) => {
    next.updates.checkAtLaunch = on;
  });
