/**
 * The first script: the page's Trusted Types policy, React, the styles and the install offer's watch. The app's own
 * code is a second script, preloaded beside this one and evaluated in a task of its own (src/app/boot.tsx); only
 * modules this file imports statically are built into this one (vite.config.ts).
 */
// First: every worker's URL passes this policy (src/app/trusted-types.ts), so it must exist before any is started.
import './app/trusted-types';
import { createRoot } from 'react-dom/client';
import { StartFailureScreen } from './app/StartFailureScreen';
import { watchInstall } from './state/install';
import { reportError } from './state/report';
import './styles/index.css';

const element = document.getElementById('root');
if (element) {
  // Before the first render: the browser's offer to install can come before React has mounted, and comes once.
  watchInstall(window);
  // Made here, so React's own set-up is part of this script's task rather than the app's.
  const root = createRoot(element);
  import('./app/boot').then(
    ({ boot }) => boot(root),
    (error: unknown) => {
      reportError(error);
      root.render(<StartFailureScreen reason="load" />);
    },
  );
}
