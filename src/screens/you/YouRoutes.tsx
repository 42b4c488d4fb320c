/** Everything under /user. Paths here are relative to /user. */
import { Redirect, Route, Switch } from 'wouter';
import { lazyScreen } from '../../components/lazy-screen';
import { AccountRoutes } from '../account/AccountRoutes';
import { PasswordVerifyScreen } from '../password/PasswordVerifyScreen';
import { PinVerifyScreen } from '../pin/PinVerifyScreen';
import { AboutScreen } from './AboutScreen';
import { DataManagementScreen } from './DataManagementScreen';
import { InstallScreen } from './InstallScreen';
import { InterfaceScreen } from './InterfaceScreen';
import { SecurityRoutes } from './security/SecurityRoutes';
import { YouScreen } from './YouScreen';

// Import and export load on demand, with their formats and libraries: the home route's first script stays as it was.
// Opened as a transition (src/app/unlocked-address.ts), they wait under the area's own busy indicator (src/app/App.tsx):
// a boundary of their own would be new in that render, and React shows a new boundary's spinner even then.
const ExportScreen = lazyScreen(() => import('./data/ExportScreen'), 'ExportScreen');
const ImportScreen = lazyScreen(() => import('./data/ImportScreen'), 'ImportScreen');

export function YouRoutes() {
  return (
    <Switch>
      <Route path="/" component={YouScreen} />
      <Route path="/account" nest>
        <AccountRoutes />
      </Route>
      <Route path="/security" nest>
        <SecurityRoutes />
      </Route>
      <Route path="/interface" component={InterfaceScreen} />
      <Route path="/data-management" component={DataManagementScreen} />
      <Route path="/data-management/export">
        <ExportScreen />
      </Route>
      <Route path="/data-management/import">
        <ImportScreen />
      </Route>
      <Route path="/data-management/password/verify">
        <PasswordVerifyScreen back="~/user/data-management" />
      </Route>
      <Route path="/data-management/pin/verify">
        <PinVerifyScreen back="~/user/data-management" />
      </Route>
      <Route path="/about" component={AboutScreen} />
      <Route path="/install" component={InstallScreen} />
      <Route>
        <Redirect to="/" replace />
      </Route>
    </Switch>
  );
}
