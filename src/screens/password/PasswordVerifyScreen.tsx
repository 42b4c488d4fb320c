/** password/verify: the gate in front of sensitive actions when a password exists. Runs the stored follow-up. */

import { useSnapshot } from 'valtio';
import { Page } from '../../app/Page';
import { CurrentPasswordField } from '../../components/password/CurrentPasswordField';
import { accountState } from '../../state/account';
import { continueAfterVerification } from '../../state/gate';
import { verifyPassword } from '../../state/secrets';

export function PasswordVerifyScreen({ back }: { back: string }) {
  const { email } = useSnapshot(accountState);
  const verify = async (password: string) => {
    await verifyPassword(password);
    await continueAfterVerification();
  };
  return (
    <Page title="Verify your password" back={{ to: back }}>
      <p className="lead">Enter your password to continue.</p>
      <CurrentPasswordField label="Password" onVerify={verify} focusOnMount username={email} />
    </Page>
  );
}
