/** Everything under /user. Paths here are relative to /user. */
import { Redirect, Route, Switch } from 'wouter';
import { AccountRoutes } from '../account/AccountRoutes';
import { PasswordVerifyScreen } from '../password/PasswordVerifyScreen';
import { PinVerifyScreen } from '../pin/PinVerifyScreen';
import { AboutScreen } from './AboutScreen';
import { DataManagementScreen } from './DataManagementScreen';
import { InterfaceScreen } from './InterfaceScreen';
import { SecurityRoutes } from './security/SecurityRoutes';
import { YouScreen } from './YouScreen';

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
