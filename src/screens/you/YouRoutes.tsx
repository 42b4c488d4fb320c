/** Everything under /user. Paths here are relative to /user. */
import { Redirect, Route, Switch } from 'wouter';
import { AboutScreen } from './AboutScreen';
import { DataManagementScreen } from './DataManagementScreen';
import { InterfaceScreen } from './InterfaceScreen';
import { YouScreen } from './YouScreen';

export function YouRoutes() {
  return (
    <Switch>
      <Route path="/" component={YouScreen} />
      <Route path="/interface" component={InterfaceScreen} />
      <Route path="/data-management" component={DataManagementScreen} />
      <Route path="/about" component={AboutScreen} />
      <Route>
        <Redirect to="/" replace />
      </Route>
    </Switch>
  );
}
