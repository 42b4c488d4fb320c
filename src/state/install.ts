/**
 * Installing Sleeve itself, where the deployment offers no Android app. A browser that can install it sends
 * `beforeinstallprompt` once it finds the app installable, often before React has mounted, so src/main.tsx starts
 * watching before the first render. The event is held in the device's memory, outside any proxy (it is not view
 * data, and valtio would wrap it); `installState` only says what You → 'Download app' can do: ask the browser, or
 * say Sleeve is installed.
 */
import type { InstallPromptEvent } from './store';
import { installState, memoryOf } from './store';

export type { InstallPromptEvent } from './store';
export { installState } from './store';

export type InstallOutcome = 'accepted' | 'dismissed' | 'unavailable';

/** The held offer: this module's part of the device's memory. */
const held = () => memoryOf('install');

const isPromptEvent = (event: Event): event is InstallPromptEvent =>
  typeof (event as Partial<InstallPromptEvent>).prompt === 'function' &&
  (event as Partial<InstallPromptEvent>).userChoice instanceof Promise;

/**
 * Listens for the browser's offer to install and for Sleeve being installed; returns the function that stops and
 * forgets both. Running as an installed app (display mode standalone, or Safari's `navigator.standalone` on iOS)
 * counts as installed from the start.
 */
export function watchInstall(target: Window = window): () => void {
  const standalone = target.matchMedia('(display-mode: standalone)');
  const runsInstalled = () =>
    standalone.matches || (target.navigator as Navigator & { standalone?: boolean }).standalone === true;
  installState.installed = runsInstalled();

  const offered = (event: Event) => {
    if (!isPromptEvent(event)) return;
    // Kept for the person's press rather than shown by the browser at a moment of its choosing.
    event.preventDefault();
    held().offer = event;
    installState.canPrompt = true;
    // The browser offers an install only when Sleeve is not installed (it was removed since, say).
    installState.installed = runsInstalled();
  };
  const installed = () => {
    held().offer = null;
    installState.canPrompt = false;
    installState.installed = true;
  };
  const modeChanged = () => {
    if (runsInstalled()) installed();
  };
  target.addEventListener('beforeinstallprompt', offered);
  target.addEventListener('appinstalled', installed);
  standalone.addEventListener('change', modeChanged);
  return () => {
    target.removeEventListener('beforeinstallprompt', offered);
    target.removeEventListener('appinstalled', installed);
    standalone.removeEventListener('change', modeChanged);
    held().offer = null;
    installState.canPrompt = false;
    installState.installed = false;
  };
}

/**
 * Asks the browser to install Sleeve. The event prompts only once, so it is let go whatever the answer; after a
 * dismissal 'Download app' leads to the how-to screen until the browser offers again (Chromium sends a new event on
 * a later visit). 'unavailable': there was nothing to ask, or the browser refused to show its prompt.
 */
export async function promptInstall(): Promise<InstallOutcome> {
  const event = held().offer;
  held().offer = null;
  installState.canPrompt = false;
  if (event === null) return 'unavailable';
  try {
    await event.prompt();
  } catch {
    // Already used, or shown without a user gesture: the how-to screen still helps.
    return 'unavailable';
  }
  const { outcome } = await event.userChoice;
  // Accepted: the browser installs it now and says so with `appinstalled`; the row need not wait for that.
  if (outcome === 'accepted') installState.installed = true;
  return outcome;
}
