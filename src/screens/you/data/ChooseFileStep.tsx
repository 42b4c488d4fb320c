/**
 * The first step of an import: the file, read for what it holds (in a worker, read-chosen-file.ts, so a large file
 * does not hold the page still). A file Sleeve cannot read is explained here.
 */
import type { ChangeEvent } from 'react';
import { useId, useState } from 'react';
import { messageOf } from '../../../domain/errors';
import type { ReadFile } from '../../../domain/transfer/read-file';
import { reportError } from '../../../state/report';
import { readChosenFile } from './read-chosen-file';

export const ChooseFileTexts = {
  lead: 'Bring in cards from a Sleeve backup or another app. You will see what is in the file before anything is added.',
  formats: [
    'Sleeve backups',
    'Bitwarden JSON exports (not encrypted)',
    'Proton Pass exports: data.json, or the ZIP that holds it',
    'Credential Exchange (CXF) files',
    'CSV files, from a spreadsheet or any other app',
  ],
  reading: 'Reading the file…',
  unreadable: 'This file could not be read.',
} as const;

export function ChooseFileStep({ onRead }: { onRead: (read: ReadFile, fileName: string) => void }) {
  const [problem, setProblem] = useState('');
  const [reading, setReading] = useState(false);
  const id = useId();

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setProblem('');
    setReading(true);
    try {
      const read = await readChosenFile(file);
      onRead(read, file.name);
    } catch (error) {
      const message = messageOf(error);
      if (!message) reportError(error);
      setProblem(message || ChooseFileTexts.unreadable);
      // The same file can be chosen again after it was fixed.
      input.value = '';
    } finally {
      setReading(false);
    }
  };

  return (
    <div className="transfer-step">
      <p className="lead">{ChooseFileTexts.lead}</p>
      <section aria-labelledby={`${id}-formats`}>
        <h2 id={`${id}-formats`} className="settings-heading">
          Files Sleeve can import
        </h2>
        <ul className="transfer-formats">
          {ChooseFileTexts.formats.map((format) => (
            <li key={format}>{format}</li>
          ))}
        </ul>
      </section>
      <div className="field">
        {/* The input itself is hidden; its label is the button, and shows the input's keyboard focus (CSS). */}
        <input
          id={`${id}-file`}
          className="visually-hidden transfer-file-input"
          type="file"
          accept=".json,.csv,.zip,.txt,application/json,text/csv,application/zip"
          disabled={reading}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => void choose(event)}
        />
        <label className="button button-primary button-block transfer-file" htmlFor={`${id}-file`}>
          Choose a file
        </label>
        {reading && <p className="field-hint">{ChooseFileTexts.reading}</p>}
        {problem && (
          <p id={`${id}-problem`} className="field-error" role="alert">
            {problem}
          </p>
        )}
      </div>
    </div>
  );
}
