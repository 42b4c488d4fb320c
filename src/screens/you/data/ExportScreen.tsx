/**
 * /user/data-management/export: the cards this device can open, saved to a file. An encrypted backup is the default;
 * the plain formats other password managers import come only after a warning that the file will not be encrypted.
 * Exporting reveals every card, so it asks for the password or PIN first, as deleting them all does.
 */
import { useId, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { Page } from '../../../app/Page';
import { afterSheetCloses, ConfirmDialog } from '../../../components/ConfirmDialog';
import { cardsState } from '../../../state/cards';
import { gateFor } from '../../../state/gate';
import { goBack } from '../../../state/going-back';
import { showError, showToast } from '../../../state/toast';
import type { ExportFile, ExportFormat } from '../../../state/transfer';
import { exportBackup, exportPlain } from '../../../state/transfer';
import { BackupPassphraseForm } from './BackupPassphraseForm';
import { cardCount } from './card-count';
import { downloadText } from './download';

export const ExportTexts = {
  lead: 'Save your cards to a file: to keep as a backup, or to take them to another app.',
  unopened: (count: number) => `${cardCount(count)} could not be opened on this device and will not be in the file.`,
  none: 'There are no cards to export.',
  plainWarning:
    'This file will not be encrypted. Anyone who opens it can read every card number, expiry date and CVV in it.',
  sheetTitle: 'Export without encryption?',
  sheetTexts: [
    'The file will hold every card number, expiry date and CVV as plain text, readable by anyone who opens it.',
    'Keep it only until your cards are in the other app, then delete it.',
  ],
  exported: (count: number) => `Exported ${cardCount(count)}`,
} as const;

const FORMATS: readonly { value: ExportFormat; label: string; hint: string }[] = [
  {
    value: 'backup',
    label: 'Encrypted backup',
    hint: 'For keeping, or for moving to Sleeve on another device. It opens only with the passphrase you choose.',
  },
  {
    value: 'bitwarden',
    label: 'Bitwarden (JSON, not encrypted)',
    hint: 'For Bitwarden, and for the many password managers that import its files.',
  },
  {
    value: 'cxf',
    label: 'Credential Exchange (JSON, not encrypted)',
    hint: "The FIDO Alliance's format for moving between password managers.",
  },
];

/** Makes the file, saves it and goes back where the person came from; the gate's verify screen adds a step. */
async function saveExport(make: () => Promise<ExportFile>, stepsBack: number): Promise<void> {
  let file: ExportFile;
  try {
    file = await make();
  } catch (error) {
    showError(error);
    return;
  }
  await downloadText(file.parts, file.fileName);
  showToast(ExportTexts.exported(file.count));
  goBack(stepsBack, '/user/data-management');
}

export function ExportScreen() {
  const { cards, unreadable } = useSnapshot(cardsState);
  const [format, setFormat] = useState<ExportFormat>('backup');
  const [warning, setWarning] = useState(false);
  const [busy, setBusy] = useState(false);
  const [, navigate] = useLocation();
  const id = useId();

  /** Behind the gate when a password or PIN exists: the export runs once it is verified. */
  const start = (make: () => Promise<ExportFile>) => {
    const route = gateFor(() => saveExport(make, 2));
    if (route) {
      navigate(`/data-management/${route}`);
      return;
    }
    setBusy(true);
    void saveExport(make, 1).finally(() => setBusy(false));
  };

  return (
    <Page title="Export cards" back={{ to: '~/user/data-management' }}>
      <p className="lead">{ExportTexts.lead}</p>
      {unreadable.length > 0 && <p className="transfer-notice">{ExportTexts.unopened(unreadable.length)}</p>}
      {cards.length === 0 ? (
        <p className="empty-state">{ExportTexts.none}</p>
      ) : (
        <>
          <fieldset className="transfer-choices">
            <legend className="settings-heading">Format</legend>
            {FORMATS.map((choice) => (
              <label key={choice.value} className="transfer-choice">
                <input
                  type="radio"
                  name={`${id}-format`}
                  value={choice.value}
                  checked={format === choice.value}
                  onChange={() => setFormat(choice.value)}
                  aria-describedby={`${id}-${choice.value}-hint`}
                />
                <span className="transfer-choice-text">
                  <span className="transfer-choice-label">{choice.label}</span>
                  <span id={`${id}-${choice.value}-hint`} className="field-hint">
                    {choice.hint}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
          {format === 'backup' ? (
            <BackupPassphraseForm
              submitLabel={`Save encrypted backup of ${cardCount(cards.length)}`}
              busy={busy}
              onSubmit={(passphrase) => start(() => exportBackup(passphrase))}
            />
          ) : (
            <div className="transfer-plain">
              <p className="transfer-notice transfer-notice-warning">{ExportTexts.plainWarning}</p>
              <button type="button" className="button button-danger button-block" onClick={() => setWarning(true)}>
                Export {cardCount(cards.length)} without encryption
              </button>
            </div>
          )}
        </>
      )}
      <ConfirmDialog
        open={warning}
        title={ExportTexts.sheetTitle}
        texts={ExportTexts.sheetTexts}
        confirmLabel="Export anyway"
        onCancel={() => setWarning(false)}
        onConfirm={() => {
          const plain = format === 'cxf' ? 'cxf' : 'bitwarden';
          afterSheetCloses(
            () => setWarning(false),
            () => start(() => exportPlain(plain)),
          );
        }}
      />
    </Page>
  );
}
