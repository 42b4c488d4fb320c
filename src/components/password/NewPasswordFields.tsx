/**
 * Choosing a new password (SPEC.md §5, Password, new): the live requirement list, the space warning and the strong
 * message; submit is blocked until every requirement holds and the strength estimator (zxcvbn-ts, loaded with this
 * form) finds the password safe to keep against guessing. Until then the estimator's own warning and suggestions
 * show instead of the strong message. The first valid submit reveals 'Confirm password',
 * which must match; editing the new password hides that step again, so what is confirmed is always what was
 * checked. With `current`, a new password equal to it is refused.
 */
import type { FormEvent } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import { checkNewPassword, PasswordMessages } from '../../domain/password-rules';
import { showError } from '../../state/toast';
import { ConfirmField, type ConfirmFieldTexts, useConfirmation } from './ConfirmField';
import { FieldMessage } from './FieldMessage';
import { PasswordInput } from './PasswordInput';
import { usePasswordStrength } from './password-strength';
import { RequirementList } from './RequirementList';
import { StrengthFeedback, type StrengthTexts } from './StrengthFeedback';
import { UsernameForManagers } from './UsernameForManagers';

/**
 * SPEC.md's strong message only when the requirements hold and the estimate is safe; otherwise the estimator's
 * warning and suggestions (or, with none, a plain word that the password is easy to guess).
 */
export const NewPasswordStrengthTexts: StrengthTexts = {
  checking: 'Checking password strength…',
  unavailable: 'The password strength check could not be loaded. Check your connection, then edit the password.',
  strong: PasswordMessages.strong,
  weak: 'This password would be easy to guess. Add another word or two that are not common.',
};

const ConfirmPasswordTexts: ConfirmFieldTexts = {
  name: 'confirm-password',
  label: 'Confirm password',
  toggleLabel: 'Show confirmed password',
  match: PasswordMessages.match,
  mismatch: PasswordMessages.mismatch,
};

export interface NewPasswordFieldsProps {
  /** The new password's label, e.g. 'New password'. */
  label?: string;
  /** The button that finally submits, after the confirmation; the first step says 'Continue'. */
  submitLabel: string;
  /** In change password: the current password, which the new one must differ from. */
  current?: string;
  /** Called with a valid, confirmed password. A rejection is shown as an error toast and the form stays. */
  onSubmit: (password: string) => Promise<void>;
  disabled?: boolean;
  /** Puts the cursor in the field at once, e.g. when it appears after the current password was verified. */
  focusOnMount?: boolean;
  /** The account's email: password managers save the new password under it (a hidden, read-only field). */
  username?: string;
}

export function NewPasswordFields({
  label = 'New password',
  submitLabel,
  current,
  onSubmit,
  disabled = false,
  focusOnMount = false,
  username = '',
}: NewPasswordFieldsProps) {
  const [password, setPassword] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const mounted = useRef(true);
  const id = useId();

  useEffect(() => {
    mounted.current = true;
    if (focusOnMount) passwordRef.current?.focus();
    return () => {
      mounted.current = false;
    };
  }, [focusOnMount]);

  // The step that just appeared is where the person types next.
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  const check = checkNewPassword(password);
  const strength = usePasswordStrength(password);
  const safe = strength.status === 'estimated' && strength.estimate.safe;
  const equalsCurrent = current !== undefined && password !== '' && password === current;
  const acceptable = check.strong && safe && !equalsCurrent;
  const confirmation = useConfirmation(password);
  // The last step also waits for the estimate of the password as it is (it comes a moment after an edit).
  const settled = strength.status === 'estimated' && strength.current;
  const blocked = disabled || busy || !acceptable || (confirming && !(confirmation.matches && settled));

  const editPassword = (typed: string) => {
    setPassword(typed);
    setConfirming(false);
    confirmation.setValue('');
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (blocked) return;
    if (!confirming) {
      setConfirming(true);
      return;
    }
    setBusy(true);
    onSubmit(password).then(
      () => {
        if (mounted.current) setBusy(false);
      },
      (error: unknown) => {
        showError(error);
        if (!mounted.current) return;
        setBusy(false);
        passwordRef.current?.focus();
      },
    );
  };

  const requirementsId = `${id}-requirements`;
  const messagesId = `${id}-messages`;

  return (
    <form className="password-form" onSubmit={submit} noValidate>
      <UsernameForManagers username={username} />
      <PasswordInput
        id={`${id}-password`}
        name="new-password"
        label={label}
        value={password}
        onValue={editPassword}
        autoComplete="new-password"
        disabled={disabled || busy}
        invalid={equalsCurrent}
        describedBy={`${requirementsId} ${messagesId}`}
        inputRef={passwordRef}
      >
        <RequirementList id={requirementsId} requirements={check.requirements} />
        <div id={messagesId} className="field-messages" aria-live="polite">
          {check.hasSpaces && <FieldMessage tone="warning">{PasswordMessages.hasSpaces}</FieldMessage>}
          {equalsCurrent && <FieldMessage tone="error">{PasswordMessages.equalToCurrent}</FieldMessage>}
          {!equalsCurrent && (
            <StrengthFeedback strength={strength} texts={NewPasswordStrengthTexts} acceptable={check.strong} />
          )}
        </div>
      </PasswordInput>
      {confirming && (
        <ConfirmField
          confirmation={confirmation}
          texts={ConfirmPasswordTexts}
          disabled={disabled || busy}
          inputRef={confirmRef}
        />
      )}
      <button type="submit" className="button button-primary button-block" disabled={blocked} aria-busy={busy}>
        {confirming ? submitLabel : 'Continue'}
      </button>
    </form>
  );
}
