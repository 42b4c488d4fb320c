/**
 * The passphrase that will protect a backup: typed twice, its strength estimated as it is typed, and submit refused
 * until it scores 3 of 4 and both entries match. The passphrase cannot be recovered, and the form says so.
 */
import type { FormEvent } from 'react';
import { useEffect, useId, useState } from 'react';
import { FieldMessage } from '../../../components/password/FieldMessage';
import { PasswordInput } from '../../../components/password/PasswordInput';
import { reportError } from '../../../state/report';
import { estimate, REQUIRED_SCORE, type Strength } from './passphrase-strength';

export const PassphraseMessages = {
  hint: 'Sleeve cannot recover this passphrase. Without it, nobody can open the backup, you included.',
  strong: 'Strong enough to protect your backup',
  weak: 'Too easy to guess. Add more words, or choose less common ones.',
  match: 'Passphrases match',
  mismatch: 'Passphrases do not match',
  unavailable: 'The strength check could not load. Check the connection, then type the passphrase again.',
} as const;

/**
 * The latest estimate for `text` (an answer for an older text never replaces a newer one), or 'unavailable' when the
 * estimator could not load; without an estimate no backup can be saved, so the person is told why.
 */
function useStrength(text: string): Strength | 'unavailable' | null {
  const [result, setResult] = useState<{ text: string; strength: Strength | 'unavailable' } | null>(null);
  useEffect(() => {
    if (text === '') return;
    let current = true;
    estimate(text).then(
      (strength) => {
        if (current) setResult({ text, strength });
      },
      (error: unknown) => {
        reportError(error);
        if (current) setResult({ text, strength: 'unavailable' });
      },
    );
    return () => {
      current = false;
    };
  }, [text]);
  return result && result.text === text ? result.strength : null;
}

export interface BackupPassphraseFormProps {
  submitLabel: string;
  busy: boolean;
  onSubmit: (passphrase: string) => void;
}

export function BackupPassphraseForm({ submitLabel, busy, onSubmit }: BackupPassphraseFormProps) {
  const [passphrase, setPassphrase] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const estimated = useStrength(passphrase);
  const strength = estimated === 'unavailable' ? null : estimated;
  const id = useId();
  const strongEnough = strength !== null && strength.score >= REQUIRED_SCORE;
  const matches = confirmation === passphrase;
  const ready = passphrase !== '' && strongEnough && matches && !busy;

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
        invalid={strength !== null && !strongEnough}
        describedBy={`${id}-hint ${id}-strength`}
        toggleLabel="Show passphrase"
      >
        <p id={`${id}-hint`} className="field-hint">
          {PassphraseMessages.hint}
        </p>
        <div id={`${id}-strength`} className="field-messages" aria-live="polite">
          {passphrase !== '' && estimated === 'unavailable' && (
            <FieldMessage tone="error">{PassphraseMessages.unavailable}</FieldMessage>
          )}
          {passphrase !== '' && strength && (
            <>
              <FieldMessage tone={strongEnough ? 'success' : 'error'}>
                {strongEnough ? PassphraseMessages.strong : PassphraseMessages.weak}
              </FieldMessage>
              {!strongEnough && strength.warning && <FieldMessage tone="warning">{strength.warning}</FieldMessage>}
              {!strongEnough &&
                strength.suggestions.map((suggestion) => (
                  <FieldMessage key={suggestion} tone="warning">
                    {suggestion}
                  </FieldMessage>
                ))}
            </>
          )}
        </div>
      </PasswordInput>
      <PasswordInput
        id={`${id}-confirm`}
        name="confirm-backup-passphrase"
        label="Confirm passphrase"
        value={confirmation}
        onValue={setConfirmation}
        autoComplete="new-password"
        disabled={busy}
        invalid={confirmation !== '' && !matches}
        describedBy={`${id}-confirm-message`}
        toggleLabel="Show confirmed passphrase"
      >
        <div id={`${id}-confirm-message`} className="field-messages" aria-live="polite">
          {confirmation !== '' && (
            <FieldMessage tone={matches ? 'success' : 'error'}>
              {matches ? PassphraseMessages.match : PassphraseMessages.mismatch}
            </FieldMessage>
          )}
        </div>
      </PasswordInput>
      <button type="submit" className="button button-primary button-block" disabled={!ready} aria-busy={busy}>
        {submitLabel}
      </button>
    </form>
  );
}
