/**
 * A new version of Sleeve waiting to take over (its service worker installed, this page still on the old one). The
 * service worker's module (src/app/service-worker.ts, loaded after the first render) finds it and hands over how to
 * switch; the shell shows the offer and the person decides when. Only a flag is in the proxy.
 */
import { proxy } from 'valtio';

export const updateState = proxy({ available: false });

let switchToNewVersion: (() => void) | null = null;

/** A new version waits; `switchTo` activates it and reloads the page onto it. */
export function offerUpdate(switchTo: () => void): void {
  switchToNewVersion = switchTo;
  updateState.available = true;
}

/** The person chose Reload. */
export function reloadForUpdate(): void {
  updateState.available = false;
  if (switchToNewVersion) switchToNewVersion();
  else window.location.reload();
}
