import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { watchInstall } from './state/install';
import { startApp } from './state/lifecycle';
import { reportError } from './state/report';
import './styles/index.css';

const root = document.getElementById('root');
if (root) {
  // Before the first render: the browser's offer to install can come before React has mounted, and comes once.
  watchInstall(window);
  // The first render as a transition: React renders it in slices of a few milliseconds, yielding to the browser
  // between them, rather than in one task a slow phone would feel.
  const app = createRoot(root);
  startTransition(() => {
    app.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
  startApp().catch(reportError);
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
    import('./app/service-worker').then((module) => module.startServiceWorker()).catch(reportError);
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
