/**
 * The catch-all route (SPEC.md §2): a splash until storage is read, the unreadable-data screen when it could not
 * be, then the unlocked routes (home, add, user; anything else → /home).
 */
import { useSnapshot } from 'valtio';
import { Redirect, Route, Switch } from 'wouter';
import { AddRoutes } from '../screens/add/AddRoutes';
import { HomeRoutes } from '../screens/home/HomeRoutes';
import { YouRoutes } from '../screens/you/YouRoutes';
import { appState } from '../state/app';
import { BottomNav } from './BottomNav';
import { Splash } from './Splash';
import { StorageProblemScreen } from './StorageProblemScreen';
import { ToastHost } from './ToastHost';

function UnlockedRoutes() {
  return (
    <>
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
      <BottomNav />
    </>
  );
}

export function App() {
  const app = useSnapshot(appState);
  return (
    <>
      {app.phase === 'loading' ? <Splash /> : app.phase === 'problem' ? <StorageProblemScreen /> : <UnlockedRoutes />}
      <ToastHost />
    </>
  );
}
