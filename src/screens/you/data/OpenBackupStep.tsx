/** An import's second step for a Sleeve backup: its passphrase. The backup is opened in the worker, never here. */
import type { FormEvent } from 'react';
import { useId, useState } from 'react';
import { FieldMessage } from '../../../components/password/FieldMessage';
import { PasswordInput } from '../../../components/password/PasswordInput';
import { messageOf } from '../../../domain/errors';
import type { ImportParse } from '../../../domain/transfer/import-row';
import { BackupMessages } from '../../../domain/transfer/sleeve-backup';
import { reportError } from '../../../state/report';
import { openBackupFile } from '../../../state/transfer';
import { cardCount } from './card-count';

export interface OpenBackupStepProps {
  text: string;
  count: number;
  fileName: string;
  onOpened: (parse: ImportParse) => void;
}

export function OpenBackupStep({ text, count, fileName, onOpened }: OpenBackupStepProps) {
  const [passphrase, setPassphrase] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (passphrase === '' || busy) return;
    setBusy(true);
    setProblem('');
    try {
      const parse = await openBackupFile(passphrase, text);
      if (parse) onOpened(parse);
      else setProblem(BackupMessages.wrongPassphrase);
    } catch (error) {
      const message = messageOf(error);
      if (!message) reportError(error);
      setProblem(message || BackupMessages.notCards);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="password-form" onSubmit={(event) => void submit(event)} noValidate>
      <p className="lead">
        {fileName} is a Sleeve backup of {cardCount(count)}. Enter the passphrase it was saved with.
      </p>
      <PasswordInput
        id={`${id}-passphrase`}
        name="backup-passphrase"
        label="Backup passphrase"
        value={passphrase}
        onValue={(typed) => {
          setPassphrase(typed);
          setProblem('');
        }}
        autoComplete="current-password"
        disabled={busy}
        invalid={problem !== ''}
        describedBy={`${id}-problem`}
        toggleLabel="Show passphrase"
      >
        <div id={`${id}-problem`} className="field-messages" aria-live="polite">
          {problem && <FieldMessage tone="error">{problem}</FieldMessage>}
        </div>
      </PasswordInput>
      <button
        type="submit"
        className="button button-primary button-block"
        disabled={passphrase === '' || busy}
        aria-busy={busy}
      >
        Open backup
      </button>
    </form>
  );
}
