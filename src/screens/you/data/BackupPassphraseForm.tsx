/**
 * The passphrase that will protect a backup: typed twice, its strength estimated as it is typed (by the same
 * estimator as a new password), and submit refused until the estimate is safe and both entries match. The passphrase
 * cannot be recovered, and the form says so.
 */
import type { FormEvent } from 'react';
import { useId, useState } from 'react';
import { ConfirmField, type ConfirmFieldTexts, useConfirmation } from '../../../components/password/ConfirmField';
import { PasswordInput } from '../../../components/password/PasswordInput';
import { usePasswordStrength } from '../../../components/password/password-strength';
import { StrengthFeedback } from '../../../components/password/StrengthFeedback';

export const PassphraseMessages = {
  hint: 'Sleeve cannot recover this passphrase. Without it, nobody can open the backup, you included.',
  strong: 'Strong enough to protect your backup',
  weak: 'Too easy to guess. Add more words, or choose less common ones.',
  match: 'Passphrases match',
  mismatch: 'Passphrases do not match',
  unavailable: 'The strength check could not load. Check the connection, then type the passphrase again.',
} as const;

const ConfirmPassphraseTexts: ConfirmFieldTexts = {
  name: 'confirm-backup-passphrase',
  label: 'Confirm passphrase',
  toggleLabel: 'Show confirmed passphrase',
  match: PassphraseMessages.match,
  mismatch: PassphraseMessages.mismatch,
};

export interface BackupPassphraseFormProps {
  submitLabel: string;
  busy: boolean;
  onSubmit: (passphrase: string) => void;
}

export function BackupPassphraseForm({ submitLabel, busy, onSubmit }: BackupPassphraseFormProps) {
  const [passphrase, setPassphrase] = useState('');
  const confirmation = useConfirmation(passphrase);
  const strength = usePasswordStrength(passphrase);
  const id = useId();
  const estimated = strength.status === 'estimated';
  const strongEnough = estimated && strength.estimate.safe;
  // Saving waits for the estimate of the passphrase as it is (it comes a moment after an edit).
  const ready = strongEnough && strength.current && confirmation.matches && !busy;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (ready) onSubmit(passphrase);
  };

  return (
    <form className="password-form" onSubmit={submit} noValidate>
      <PasswordInput
        id={`${id}-passphrase`}
        name="backup-passphrase"
        label="Backup passphrase"
        value={passphrase}
        onValue={setPassphrase}
        autoComplete="new-password"
        disabled={busy}
        invalid={estimated && !strongEnough}
        describedBy={`${id}-hint ${id}-strength`}
        toggleLabel="Show passphrase"
      >
        <p id={`${id}-hint`} className="field-hint">
          {PassphraseMessages.hint}
        </p>
        <div id={`${id}-strength`} className="field-messages" aria-live="polite">
          <StrengthFeedback strength={strength} texts={PassphraseMessages} verdict />
        </div>
      </PasswordInput>
      <ConfirmField confirmation={confirmation} texts={ConfirmPassphraseTexts} disabled={busy} />
      <button type="submit" className="button button-primary button-block" disabled={!ready} aria-busy={busy}>
        {submitLabel}
      </button>
    </form>
  );
}
