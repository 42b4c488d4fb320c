/**
 * The catch-all route (SPEC.md §2): a splash until storage is read, the unreadable-data screen when it could not
 * be; then, when locked, only the unlock screens (anything else → /pin/unlock, or /password/unlock without a PIN),
 * and when unlocked the home, add and user areas (anything else → /home).
 */
import { useSnapshot } from 'valtio';
import { Redirect, Route, Switch } from 'wouter';
import { Loading, lazyScreen } from '../components/lazy-screen';
import { HomeRoutes } from '../screens/home/HomeRoutes';
import { PasswordUnlockRoutes } from '../screens/unlock/PasswordUnlockRoutes';
import { PinUnlockRoutes } from '../screens/unlock/PinUnlockRoutes';
import { appState } from '../state/store';
import { AutoLock } from './AutoLock';
import { BottomNav } from './BottomNav';
import { RouteAnnouncer } from './RouteAnnouncer';
import { Splash } from './Splash';
import { StartBoundary } from './StartBoundary';
import { StartFailureScreen } from './StartFailureScreen';
import { StorageProblemScreen } from './StorageProblemScreen';
import { ToastHost } from './ToastHost';
import { UpdateOffer } from './UpdateOffer';

// Home and the unlock screens are in the first scripts (src/main.tsx); the other areas load when first opened
// (src/components/lazy-screen.tsx). Unlocking never waits for a script: a locked start shows its keypad at once,
// and a lock (automatic, or another tab's) needs no network to show it.
const AddRoutes = lazyScreen(() => import('../screens/add/AddRoutes'), 'AddRoutes');
const YouRoutes = lazyScreen(() => import('../screens/you/YouRoutes'), 'YouRoutes');

function UnlockedRoutes() {
  return (
    <>
      <Loading>
        <Switch>
          <Route path="/home" nest>
            <HomeRoutes />
          </Route>
          <Route path="/add" nest>
            <AddRoutes />
          </Route>
          <Route path="/user" nest>
            <YouRoutes />
          </Route>
          <Route>
            <Redirect to="/home" replace />
          </Route>
        </Switch>
      </Loading>
      <BottomNav />
    </>
  );
}

/** PIN unlock is preferred when a PIN exists (SPEC.md §2); a password changed elsewhere needs the password. */
function LockedRoutes() {
  const { pinCreated, passwordStale } = useSnapshot(appState);
  return (
    <Switch>
      <Route path="/pin/unlock" nest>
        <PinUnlockRoutes />
      </Route>
      <Route path="/password/unlock" nest>
        <PasswordUnlockRoutes />
      </Route>
      <Route>
        <Redirect to={pinCreated && !passwordStale ? '/pin/unlock' : '/password/unlock'} replace />
      </Route>
    </Switch>
  );
}

function Routes() {
  const { phase, locked, startFailure } = useSnapshot(appState);
  if (phase === 'loading') return <Splash />;
  if (phase === 'problem') return <StorageProblemScreen />;
  if (phase === 'failed') return <StartFailureScreen reason={startFailure ?? 'unexpected'} />;
  return locked ? <LockedRoutes /> : <UnlockedRoutes />;
}

export function App() {
  return (
    <StartBoundary>
      <Routes />
      {/* Stacked above the bottom navigation: a waiting update's offer, and the toast above it. */}
      <div className="shell-notices">
        <ToastHost />
        <UpdateOffer />
      </div>
      <RouteAnnouncer />
      <AutoLock />
    </StartBoundary>
  );
}
