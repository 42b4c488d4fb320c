/**
 * Connects the auto-lock (src/state/auto-lock.ts) to the page: it watches for inactivity while the app runs, and
 * before any lock the drafts are forgotten and the person is taken to Home, so no form stays mounted with what they
 * typed and, once unlocked, they start from their cards rather than a half-filled form.
 */
import { useEffect } from 'react';
import { navigate } from 'wouter/use-browser-location';
import { beforeLocking, startAutoLock } from '../state/auto-lock';
import { clearCardDraft, clearPinDraft } from '../state/drafts';
import { HOME_PATH } from './unlocked-address';

export function AutoLock() {
  useEffect(() => startAutoLock(), []);
  useEffect(
    () =>
      beforeLocking(() => {
        clearCardDraft();
        clearPinDraft();
        navigate(HOME_PATH, { replace: true });
      }),
    [],
  );
  return null;
}
