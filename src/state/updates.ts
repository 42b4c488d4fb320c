/**
 * A new version of Sleeve waiting to take over (its service worker installed, this page still on the old one). The
 * service worker's module (src/app/service-worker.ts, loaded after the first render) finds it and hands over how to
 * switch; the shell shows the offer and the person decides when. Only a flag is in the proxy.
 */
import { memoryOf, updateState } from './store';

export { updateState } from './store';

/** A new version waits; `switchTo` activates it and reloads the page onto it. */
export function offerUpdate(switchTo: () => void): void {
  memoryOf('update').switchTo = switchTo;
  updateState.available = true;
}

/** The person chose Reload. */
export function reloadForUpdate(): void {
  updateState.available = false;
  const { switchTo } = memoryOf('update');
  if (switchTo) switchTo();
  else window.location.reload();
}
