/** Everything under /user. Paths here are relative to /user. */
import type { ReactNode } from 'react';
import { lazy, Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { Spinner } from '../../components/Spinner';
import { AccountRoutes } from '../account/AccountRoutes';
import { PasswordVerifyScreen } from '../password/PasswordVerifyScreen';
import { PinVerifyScreen } from '../pin/PinVerifyScreen';
import { AboutScreen } from './AboutScreen';
import { DataManagementScreen } from './DataManagementScreen';
import { InterfaceScreen } from './InterfaceScreen';
import { SecurityRoutes } from './security/SecurityRoutes';
import { YouScreen } from './YouScreen';

// Import and export load on demand, with their formats and libraries: the home route's first script stays as it was.
const ExportScreen = lazy(() => import('./data/ExportScreen').then((module) => ({ default: module.ExportScreen })));
const ImportScreen = lazy(() => import('./data/ImportScreen').then((module) => ({ default: module.ImportScreen })));

const Loading = ({ children }: { children: ReactNode }) => (
  <Suspense fallback={<Spinner label="Loading" />}>{children}</Suspense>
);

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
        <Loading>
          <ExportScreen />
        </Loading>
      </Route>
      <Route path="/data-management/import">
        <Loading>
          <ImportScreen />
        </Loading>
      </Route>
      <Route path="/data-management/password/verify">
        <PasswordVerifyScreen back="~/user/data-management" />
      </Route>
      <Route path="/data-management/pin/verify">
        <PinVerifyScreen back="~/user/data-management" />
      </Route>
      <Route path="/about" component={AboutScreen} />
      <Route>
        <Redirect to="/" replace />
      </Route>
    </Switch>
  );
}
