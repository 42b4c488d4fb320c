/**
 * /user/data-management/import: choose a file; give a backup its passphrase or a CSV file its column mapping; see
 * the preview; import. The steps live in this one screen, so nothing read from the file outlives it; 'Choose another
 * file' starts over. Nothing is stored before 'Import N cards', and then in one change.
 *
 * The preview is built a slice of rows at a time (next-task.ts), so a file of ten thousand cards never holds the page
 * still; it appears once every row is in. The steps' screens render as transitions, which React renders in slices
 * between which the page paints, for the same reason: a preview's rows, or all of them disabled at 'Import', would
 * otherwise be rendered in one go.
 */
import { startTransition, useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { Page } from '../../../app/Page';
import { nextTask } from '../../../domain/next-task';
import type { CsvTable } from '../../../domain/transfer/csv';
import type { ImportedCard, ImportParse } from '../../../domain/transfer/import-row';
import { FORMAT_NAMES } from '../../../domain/transfer/import-row';
import type { ImportPreview } from '../../../domain/transfer/preview';
import type { ReadFile } from '../../../domain/transfer/read-file';
import { cardsState } from '../../../state/cards';
import { showError, showToast } from '../../../state/toast';
import { buildPreviewInSlices, importCards } from '../../../state/transfer';
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
  /** Set at once on 'Import', before `busy` has rendered: a second press does not store the cards twice. */
  const storing = useRef(false);
  const [, navigate] = useLocation();
  const { cards } = useSnapshot(cardsState);
  const parse = step.name === 'preview' ? step.parse : null;
  /** The preview of `parse`, once built; one of another file is never shown. */
  const [built, setBuilt] = useState<{ parse: ImportParse; preview: ImportPreview } | null>(null);
  const preview = built && built.parse === parse ? built.preview : null;

  // Against the cards on screen now: a card another tab adds meanwhile shows as already there. While the chosen cards
  // are being stored the preview stays as it is: the cards it adds arriving on screen are not news to show.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `cards` is what buildPreview reads; a new list re-runs it.
  useEffect(() => {
    if (!parse || busy) return;
    const building = new AbortController();
    buildPreviewInSlices(parse, building.signal).then(
      (next) => {
        if (!building.signal.aborted) startTransition(() => setBuilt({ parse, preview: next }));
      },
      (error: unknown) => {
        if (!building.signal.aborted) showError(error);
      },
    );
    return () => building.abort();
  }, [parse, cards, busy]);

  const toPreview = (fileName: string, parsed: ImportParse) =>
    startTransition(() => setStep({ name: 'preview', fileName, parse: parsed }));

  const read = (file: ReadFile, fileName: string) => {
    if (file.kind === 'backup') setStep({ name: 'backup', fileName, text: file.text, count: file.count });
    else if (file.kind === 'csv') startTransition(() => setStep({ name: 'csv', fileName, table: file.table }));
    else toPreview(fileName, file.parse);
  };

  const save = async (cards: ImportedCard[]) => {
    if (storing.current) return;
    storing.current = true;
    startTransition(() => setBusy(true));
    try {
      const count = await importCards(cards);
      // The cards were shown in this task (thousands of them, on a slow phone most of a frame): the toast and the
      // way to Home come in the next.
      await nextTask();
      showToast(imported(count));
      navigate('~/home');
    } catch (error) {
      // Nothing was stored; the preview stays, so the person can try again.
      showError(error);
      storing.current = false;
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
