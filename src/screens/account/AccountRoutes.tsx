/**
 * Everything under /user/account. Each password step belongs to a person whose Google sign-in is waiting for
 * exactly that step; anyone else (signed in already, or after deleting the account from 'Forgot password?') goes
 * back to the Account screen.
 */
import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { Redirect, Route, Switch } from 'wouter';
import type { SignInResult } from '../../state/account';
import { accountState } from '../../state/account';
import { PinVerifyScreen } from '../pin/PinVerifyScreen';
import { AccountScreen } from './AccountScreen';
import { CreatePasswordScreen } from './CreatePasswordScreen';
import { EnterPasswordScreen } from './EnterPasswordScreen';
import { MissingPasswordScreen } from './MissingPasswordScreen';

/** Absolute, so a redirect lands on /user/account itself rather than the nest's '/user/account/'. */
const ACCOUNT_PATH = '~/user/account';

function AwaitingStep({ step, children }: { step: SignInResult; children: ReactNode }) {
  const { awaitingPassword } = useSnapshot(accountState);
  return awaitingPassword === step ? children : <Redirect to={ACCOUNT_PATH} replace />;
}

export function AccountRoutes() {
  return (
    <Switch>
      <Route path="/" component={AccountScreen} />
      <Route path="/pin/verify">
        <AwaitingStep step="CREATE_PASSWORD">
          <PinVerifyScreen
            back={ACCOUNT_PATH}
            lead="Enter your PIN to continue. Your new password will protect the same cards."
          />
        </AwaitingStep>
      </Route>
      <Route path="/password/create">
        <AwaitingStep step="CREATE_PASSWORD">
          <CreatePasswordScreen />
        </AwaitingStep>
      </Route>
      <Route path="/password/sign-in">
        <AwaitingStep step="ENTER_PASSWORD">
          <EnterPasswordScreen />
        </AwaitingStep>
      </Route>
      <Route path="/password/missing">
        <AwaitingStep step="PASSWORD_MISSING">
          <MissingPasswordScreen />
        </AwaitingStep>
      </Route>
      <Route>
        <Redirect to={ACCOUNT_PATH} replace />
      </Route>
    </Switch>
  );
}
