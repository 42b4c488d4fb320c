/**
 * The app's own code, started once src/main.tsx has set up React: the first render, the start from storage, and the
 * service worker. A script of its own (`app`, preloaded beside the first one by index.html), so the browser
 * evaluates React and the app in two tasks rather than in one a slow phone would feel (vite.config.ts).
 */
import { StrictMode, startTransition } from 'react';
import type { Root } from 'react-dom/client';
import { nextTask } from '../domain/next-task';
import { startApp } from '../state/lifecycle';
import { reportError } from '../state/report';
import { App } from './App';
import { warmUpHomeText } from './home-text-warm-up';

export function boot(root: Root): void {
  // The first render as a transition: React renders it in slices of a few milliseconds, yielding to the browser
  // between them, rather than in one task a slow phone would feel.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
  // In tasks of their own: Home's fonts looked up before any screen (a failure there costs only time), then the
  // stored cards read, which need not share the task that evaluated the app's modules.
  nextTask()
    .then(() => warmUpHomeText())
    .catch(reportError)
    .then(() => startApp())
    .catch(reportError);
  startServiceWorkerAfterLoad();
}

/**
 * The service worker (offline starts, updates) is registered by a module of its own, loaded once the page has loaded,
 * so installing competes with nothing the first render needs. Production builds only: the dev server serves no
 * service worker.
 */
function startServiceWorkerAfterLoad(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const start = () => {
    import('./service-worker').then((module) => module.startServiceWorker()).catch(reportError);
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
