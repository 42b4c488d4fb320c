/**
 * Everything under /user/account. The password steps belong to a signed-in person (the Google step comes first);
 * anyone else, e.g. after deleting the account from 'Forgot password?', goes back to the Account screen.
 */
import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { Redirect, Route, Switch } from 'wouter';
import { appState } from '../../state/app';
import { AccountScreen } from './AccountScreen';
import { CreatePasswordScreen } from './CreatePasswordScreen';
import { EnterPasswordScreen } from './EnterPasswordScreen';

/** Absolute, so a redirect lands on /user/account itself rather than the nest's '/user/account/'. */
const ACCOUNT_PATH = '~/user/account';

function SignedInOnly({ children }: { children: ReactNode }) {
  const { user } = useSnapshot(appState);
  return user ? children : <Redirect to={ACCOUNT_PATH} replace />;
}

export function AccountRoutes() {
  return (
    <Switch>
      <Route path="/" component={AccountScreen} />
      <Route path="/password/create">
        <SignedInOnly>
          <CreatePasswordScreen />
        </SignedInOnly>
      </Route>
      <Route path="/password/sign-in">
        <SignedInOnly>
          <EnterPasswordScreen />
        </SignedInOnly>
      </Route>
      <Route>
        <Redirect to={ACCOUNT_PATH} replace />
      </Route>
    </Switch>
  );
}
