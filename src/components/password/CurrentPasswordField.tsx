/**
 * Entering an existing password (SPEC.md §5, Password, current). No check is made while the input is shorter
 * than 12 characters (no password could be) or while the last attempt stands flagged incorrect: each check costs a
 * key derivation, and the same wrong password gives the same answer. Any edit clears the flag.
 */
import type { FormEvent } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import { Messages, messageOf } from '../../domain/errors';
import { isLongEnough } from '../../domain/secret';
import { showError } from '../../state/toast';
import { FieldMessage } from './FieldMessage';
import { PasswordInput } from './PasswordInput';
import { UsernameForManagers } from './UsernameForManagers';

export interface CurrentPasswordFieldProps {
  label: string;
  /** Resolves when the password is right; rejects with 'Entered password is incorrect' when it is not. */
  onVerify: (password: string) => Promise<void>;
  disabled?: boolean;
  /** Shown once verified, when the screen stays (change password); the field is then disabled. */
  verifiedMessage?: string;
  submitLabel?: string;
  /** Puts the cursor in the field at once, on screens whose only job is this field. */
  focusOnMount?: boolean;
  /** The account's email: password managers offer the password saved under it (a hidden, read-only field). */
  username?: string;
}

export function CurrentPasswordField({
  label,
  onVerify,
  disabled = false,
  verifiedMessage,
  submitLabel = 'Continue',
  focusOnMount = false,
  username = '',
}: CurrentPasswordFieldProps) {
  const [password, setPassword] = useState('');
  const [incorrect, setIncorrect] = useState(false);
  const [busy, setBusy] = useState(false);
  const [verified, setVerified] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const mounted = useRef(true);
  const id = useId();

  useEffect(() => {
    mounted.current = true;
    if (focusOnMount) inputRef.current?.focus();
    return () => {
      mounted.current = false;
    };
  }, [focusOnMount]);

  const checkable = isLongEnough(password) && !incorrect;
  const locked = disabled || busy || verified;

  const edit = (typed: string) => {
    setPassword(typed);
    setIncorrect(false);
  };

  const failed = (error: unknown) => {
    if (!mounted.current) {
      showError(error);
      return;
    }
    setBusy(false);
    if (messageOf(error) === Messages.passwordIncorrect) setIncorrect(true);
    else showError(error);
    // setBusy re-enables the input on the next render; focus it once that has happened.
    setTimeout(() => inputRef.current?.focus(), 0);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (locked || !checkable) return;
    setBusy(true);
    onVerify(password).then(() => {
      if (!mounted.current) return;
      setBusy(false);
      if (verifiedMessage) setVerified(true);
    }, failed);
  };

  const messageId = `${id}-message`;
  return (
    <form className="password-form" onSubmit={submit} noValidate>
      <UsernameForManagers username={username} />
      <PasswordInput
        id={`${id}-password`}
        name="password"
        label={label}
        value={password}
        onValue={edit}
        autoComplete="current-password"
        disabled={locked}
        invalid={incorrect}
        describedBy={messageId}
        inputRef={inputRef}
      >
        <div id={messageId} className="field-messages" aria-live="polite">
          {incorrect && <FieldMessage tone="error">{Messages.passwordIncorrect}</FieldMessage>}
          {verified && verifiedMessage && <FieldMessage tone="success">{verifiedMessage}</FieldMessage>}
        </div>
      </PasswordInput>
      {!verified && (
        <button
          type="submit"
          className="button button-primary button-block"
          disabled={disabled || busy || !checkable}
          aria-busy={busy}
        >
          {submitLabel}
        </button>
      )}
    </form>
  );
}
