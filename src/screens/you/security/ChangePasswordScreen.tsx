/**
 * /user/security/password/change (SPEC.md §4, Change password). Step 1 is itself the verification, so this screen
 * is not behind the gate: the current password, then disabled and marked verified; step 2 the new one, which must
 * differ from it. Both are passed on together, so the change needs no second prompt.
 *
 * Beyond SPEC.md: 'Also replace the encryption key' (off by default) makes a new data key and encrypts every card
 * again under it (src/state/replace-key.ts), for when an old password or an old copy of the record may be in other
 * hands; the plain change keeps the key and only wraps it anew.
 */
import { useId, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { Page } from '../../../app/Page';
import { CurrentPasswordField } from '../../../components/password/CurrentPasswordField';
import { NewPasswordFields } from '../../../components/password/NewPasswordFields';
import { accountState } from '../../../state/account';
import { changePassword } from '../../../state/change-password';
import { changePasswordAndKey } from '../../../state/replace-key';
import { verifyPassword } from '../../../state/secrets';
import { showToast } from '../../../state/toast';

export function ChangePasswordScreen() {
  // The verified current password, held only while this screen is open.
  const [current, setCurrent] = useState<string | null>(null);
  const [replaceKey, setReplaceKey] = useState(false);
  const hintId = useId();
  const [, navigate] = useLocation();
  const { email } = useSnapshot(accountState);

  const verify = async (password: string) => {
    await verifyPassword(password);
    setCurrent(password);
  };
  const change = async (next: string) => {
    if (current === null) return;
    if (replaceKey) showToast(await changePasswordAndKey(current, next));
    else {
      await changePassword(current, next);
      showToast('Password has been changed');
    }
    navigate('~/user/security', { replace: true });
  };

  return (
    <Page title="Change password" back={{ to: '~/user/security' }}>
      <p className="lead">
        Your cards stay as they are; only the password that opens them changes. Your other devices will ask for the new
        one.
      </p>
      <CurrentPasswordField
        label="Current password"
        verifiedMessage="Password verified"
        onVerify={verify}
        focusOnMount
        username={email}
      />
      {current !== null && (
        <div className="check-option">
          <label>
            <input
              type="checkbox"
              checked={replaceKey}
              onChange={(event) => setReplaceKey(event.target.checked)}
              aria-describedby={hintId}
            />
            <span>Also replace the encryption key</span>
          </label>
          <p id={hintId} className="field-hint">
            Use this if someone may know your old password and have an old copy of your encrypted cards: every card is
            encrypted again under a new key, and your PIN and passkey on this device must be set up again.
          </p>
        </div>
      )}
      {current !== null && (
        <NewPasswordFields
          label="New password"
          submitLabel="Change password"
          current={current}
          onSubmit={change}
          focusOnMount
          username={email}
        />
      )}
    </Page>
  );
}
