/**
 * Registers Sleeve's service worker (built by vite-plugin-pwa: it precaches the app's own files so Sleeve starts
 * without a connection) and, when the person wants it (`updates.checkAtLaunch`), looks for a new version at launch
 * and offers it. Loaded with a dynamic import once the page has loaded; production builds only (src/main.tsx).
 *
 * The browser's own ServiceWorkerContainer does all of it: a registration reports a version already waiting, one
 * being installed, and one its update check finds, so no wrapper library is downloaded at start.
 *
 * A new version installs beside the running one and waits: it takes over only when the person chooses Reload, or,
 * with the check off, when every Sleeve tab has closed, as browsers do. Code never changes under a running page.
 */

import { preferencesState } from '../state/preferences';
import { reportError } from '../state/report';
import { offerUpdate } from '../state/updates';

/** Where vite-plugin-pwa writes the service worker; it serves the whole origin. */
const SCRIPT_URL = '/sw.js';

export async function startServiceWorker(): Promise<void> {
  // Read once: the preference means "at launch", so switching it later takes effect at the next launch.
  const offer = preferencesState.updates.checkAtLaunch;
  const registration = await navigator.serviceWorker.register(SCRIPT_URL, { scope: '/' });
  if (!offer) return;
  // A version that was waiting before this launch (installed while an earlier tab ran).
  if (registration.waiting) offerUpdate(switchToWaiting);
  // One the browser began installing on its own just before (it checks after each navigation), and one the check
  // below finds. The very first install has no controller yet: it is this version, not a new one.
  const watch = (installing: ServiceWorker | null) => {
    if (!installing || !navigator.serviceWorker.controller) return;
    installing.addEventListener('statechange', () => {
      if (installing.state === 'installed' && registration.waiting === installing) offerUpdate(switchToWaiting);
    });
  };
  watch(registration.installing);
  registration.addEventListener('updatefound', () => watch(registration.installing));
  // Offline there is nothing to find, and the failed fetch would only be noise.
  if (!navigator.onLine) return;
  try {
    await registration.update();
  } catch (error) {
    // The server could not be reached or sent no service worker: this launch runs the version it has.
    reportError(error);
  }
}

/**
 * Lets the waiting version take over and reloads this page onto it once it controls the page. Other Sleeve tabs keep
 * running; their own Reload then only reloads. Without a waiting version (another tab switched already), reloads.
 */
function switchToWaiting(): void {
  navigator.serviceWorker
    .getRegistration()
    .then((registration) => {
      const waiting = registration?.waiting;
      if (!waiting) {
        window.location.reload();
        return;
      }
      navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
      // vite-plugin-pwa's service worker answers this message with skipWaiting() (registerType 'prompt').
      waiting.postMessage({ type: 'SKIP_WAITING' });
    })
    .catch((error: unknown) => {
      reportError(error);
      window.location.reload();
    });
}
