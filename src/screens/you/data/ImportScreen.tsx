/**
 * /user/data-management/import: choose a file; give a backup its passphrase or a CSV file its column mapping; see
 * the preview; import. The steps live in this one screen, so nothing read from the file outlives it; 'Choose another
 * file' starts over. Nothing is stored before 'Import N cards', and then in one change.
 */
import { useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { Page } from '../../../app/Page';
import type { CsvTable } from '../../../domain/transfer/csv';
import type { ImportedCard, ImportParse } from '../../../domain/transfer/import-row';
import { FORMAT_NAMES } from '../../../domain/transfer/import-row';
import type { ReadFile } from '../../../domain/transfer/read-file';
import { cardsState } from '../../../state/cards';
import { showError, showToast } from '../../../state/toast';
import { buildPreview, importCards } from '../../../state/transfer';
import { ChooseFileStep } from './ChooseFileStep';
import { CsvMappingStep } from './CsvMappingStep';
import { cardCount } from './card-count';
import { ImportPreviewStep } from './ImportPreviewStep';
import { OpenBackupStep } from './OpenBackupStep';

type Step =
  | { name: 'choose' }
  | { name: 'backup'; fileName: string; text: string; count: number }
  | { name: 'csv'; fileName: string; table: CsvTable }
  | { name: 'preview'; fileName: string; parse: ImportParse };

export const imported = (count: number): string => `Imported ${cardCount(count)}`;

export function ImportScreen() {
  const [step, setStep] = useState<Step>({ name: 'choose' });
  const [busy, setBusy] = useState(false);
  const [, navigate] = useLocation();
  const { cards } = useSnapshot(cardsState);
  const parse = step.name === 'preview' ? step.parse : null;
  // Against the cards on screen now: a card another tab adds meanwhile shows as already there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `cards` is what buildPreview reads; a new list re-runs it.
  const preview = useMemo(() => (parse ? buildPreview(parse) : null), [parse, cards]);

  const toPreview = (fileName: string, parsed: ImportParse) => setStep({ name: 'preview', fileName, parse: parsed });

  const read = (file: ReadFile, fileName: string) => {
    if (file.kind === 'backup') setStep({ name: 'backup', fileName, text: file.text, count: file.count });
    else if (file.kind === 'csv') setStep({ name: 'csv', fileName, table: file.table });
    else toPreview(fileName, file.parse);
  };

  const save = async (cards: ImportedCard[]) => {
    setBusy(true);
    try {
      const count = await importCards(cards);
      showToast(imported(count));
      navigate('~/home');
    } catch (error) {
      // Nothing was stored; the preview stays, so the person can try again.
      showError(error);
      setBusy(false);
    }
  };

  return (
    <Page title="Import cards" back={{ to: '~/user/data-management' }}>
      {step.name !== 'choose' && (
        <div className="transfer-file-line">
          <p className="field-hint">
            {step.fileName}
            {step.name === 'preview' && ` · ${FORMAT_NAMES[step.parse.format]}`}
          </p>
          <button type="button" className="link-button" disabled={busy} onClick={() => setStep({ name: 'choose' })}>
            Choose another file
          </button>
        </div>
      )}
      {step.name === 'choose' && <ChooseFileStep onRead={read} />}
      {step.name === 'backup' && (
        <OpenBackupStep
          text={step.text}
          count={step.count}
          fileName={step.fileName}
          onOpened={(parse) => toPreview(step.fileName, parse)}
        />
      )}
      {step.name === 'csv' && (
        <CsvMappingStep
          table={step.table}
          fileName={step.fileName}
          onMapped={(parse) => toPreview(step.fileName, parse)}
        />
      )}
      {preview && (
        <ImportPreviewStep
          preview={preview}
          busy={busy}
          onImport={(cards) => void save(cards)}
          onCancel={() => navigate('~/user/data-management')}
        />
      )}
    </Page>
  );
}
