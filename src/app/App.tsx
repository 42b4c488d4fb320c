/**
 * The catch-all route (SPEC.md §2): a splash until storage is read, the unreadable-data screen when it could not
 * be; then, when locked, only the unlock screens (anything else → /pin/unlock, or /password/unlock without a PIN),
 * and when unlocked the home, add and user areas (anything else → /home).
 */
import { useDeferredValue } from 'react';
import { useSnapshot } from 'valtio';
import { Redirect, Route, Router, Switch, useLocation } from 'wouter';
import { Loading, lazyScreen } from '../components/lazy-screen';
import { useScrollOnArrival } from '../components/scroll-position';
import { HomeRoutes } from '../screens/home/HomeRoutes';
import { PasswordUnlockRoutes } from '../screens/unlock/PasswordUnlockRoutes';
import { PinUnlockRoutes } from '../screens/unlock/PinUnlockRoutes';
import { appState } from '../state/store';
import { AutoLock } from './AutoLock';
import { BottomNav } from './BottomNav';
import { RouteAnnouncer } from './RouteAnnouncer';
import { ScreenPending } from './ScreenPending';
import { Splash } from './Splash';
import { StartBoundary } from './StartBoundary';
import { StartFailureScreen } from './StartFailureScreen';
import { ToastHost } from './ToastHost';
import { UpdateOffer } from './UpdateOffer';
import { KeepShownAddress, LandOnHome, useUnlockedAddress } from './unlocked-address';

// Home and the unlock screens are in the first scripts (src/main.tsx); the other areas load when first opened
// (src/components/lazy-screen.tsx). Unlocking never waits for a script: a locked start shows its keypad at once,
// and a lock (automatic, or another tab's) needs no network to show it.
const AddRoutes = lazyScreen(() => import('../screens/add/AddRoutes'), 'AddRoutes');
const YouRoutes = lazyScreen(() => import('../screens/you/YouRoutes'), 'YouRoutes');
// Shown only when stored data cannot be read, by then precached like every other script (src/app/service-worker.ts).
const StorageProblemScreen = lazyScreen(() => import('./StorageProblemScreen'), 'StorageProblemScreen');

/**
 * Puts each screen of its routes where it opens, as it is shown (src/components/scroll-position.ts). Rendered before
 * the routes, so its layout effect runs before the new screen's own.
 */
function ScrollOnArrival(): null {
  const [path] = useLocation();
  useScrollOnArrival(path);
  return null;
}

/** Any other address shows Home, and becomes /home (src/app/unlocked-address.ts). */
function UnlockedRoutes() {
  return (
    <Router hook={useUnlockedAddress}>
      <LandOnHome />
      <KeepShownAddress />
      <ScrollOnArrival />
      <ScreenPending />
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
        </Switch>
      </Loading>
      <BottomNav />
    </Router>
  );
}

/** PIN unlock is preferred when a PIN exists (SPEC.md §2); a password changed elsewhere needs the password. */
function LockedRoutes() {
  const { pinCreated, passwordStale } = useSnapshot(appState);
  return (
    <>
      <ScrollOnArrival />
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
    </>
  );
}

type Area = 'splash' | 'problem' | 'failed' | 'locked' | 'unlocked';

function Routes() {
  const { phase, locked, startFailure } = useSnapshot(appState);
  const now: Area = phase === 'loading' ? 'splash' : phase === 'ready' ? (locked ? 'locked' : 'unlocked') : phase;
  // Entering the unlocked area (after an unlock, or a start with cards to show) renders Home as a transition: React
  // builds it in slices of a few milliseconds while the screen before stays, rather than in one task a slow phone
  // would feel. The store's change itself cannot be a transition (valtio reads it with useSyncExternalStore), so the
  // area is deferred instead. Every other change shows at once: above all a lock, which must never wait.
  const deferred = useDeferredValue(now);
  const area = now === 'unlocked' ? deferred : now;
  if (area === 'splash') return <Splash />;
  if (area === 'problem') {
    return (
      <Loading>
        <StorageProblemScreen />
      </Loading>
    );
  }
  if (area === 'failed') return <StartFailureScreen reason={startFailure ?? 'unexpected'} />;
  return area === 'locked' ? <LockedRoutes /> : <UnlockedRoutes />;
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
