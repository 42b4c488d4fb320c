/**
 * An import's second step for a CSV file: which column holds what. A mapping is suggested from the column names;
 * the person checks it against the first rows of the file, shown as a table, and changes any column before going on.
 */
import type { FormEvent } from 'react';
import { useId, useRef, useState } from 'react';
import type { CsvField, CsvMapping, CsvTable } from '../../../domain/transfer/csv';
import {
  CSV_FIELD_LABELS,
  CSV_FIELDS,
  columnLetter,
  guessMapping,
  mappingProblem,
  readCsvInSlices,
} from '../../../domain/transfer/csv';
import type { ImportParse } from '../../../domain/transfer/import-row';
import { showError } from '../../../state/toast';
import { randomTheme } from '../../add/random-theme';

/** How many rows of the file the table shows. */
const SHOWN_ROWS = 4;

const HINTS: Partial<Record<CsvField, string>> = {
  expiry: 'e.g. 12/30, 12/2030 or 2030-12',
  expiryMonth: 'Only if the month and year are in separate columns',
  expiryYear: 'Only if the month and year are in separate columns',
  issuer: 'Optional',
  cvv: 'Optional',
  network: 'Optional; Visa, Mastercard, American Express…',
  pin: 'Optional',
  notes: 'Optional',
  validFrom: 'Optional; e.g. 01/25',
  phone: 'Optional; the bank’s phone number',
  website: 'Optional; the bank’s website',
};

export interface CsvMappingStepProps {
  table: CsvTable;
  fileName: string;
  onMapped: (parse: ImportParse) => void;
}

export function CsvMappingStep({ table, fileName, onMapped }: CsvMappingStepProps) {
  const [mapping, setMapping] = useState<CsvMapping>(() => guessMapping(table));
  /** Set while the rows are read with the mapping: a second press does not read them twice. */
  const reading = useRef(false);
  const id = useId();
  const width = Math.max(...table.rows.map((row) => row.length));
  const columns = Array.from({ length: width }, (_, index) => index);
  const header = mapping.headerRow ? (table.rows[0] ?? []) : [];
  const shown = table.rows.slice(0, SHOWN_ROWS + (mapping.headerRow ? 1 : 0));
  const problem = mappingProblem(mapping);

  const columnName = (index: number): string => {
    const name = header[index]?.trim();
    return name ? `Column ${columnLetter(index)}: ${name}` : `Column ${columnLetter(index)}`;
  };

  const choose = (field: CsvField, value: string) => {
    const next = { ...mapping.columns };
    if (value === '') delete next[field];
    else next[field] = Number(value);
    setMapping({ ...mapping, columns: next });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (problem || reading.current) return;
    // Read a slice of rows at a time: ten thousand rows in one go would hold the page still.
    reading.current = true;
    readCsvInSlices(table, mapping, randomTheme)
      .then(onMapped, showError)
      .finally(() => {
        reading.current = false;
      });
  };

  return (
    <form className="transfer-step" onSubmit={submit} noValidate>
      <p className="lead">
        {fileName} is a CSV file. Tell Sleeve which column holds what; the first rows of the file are below to check
        against.
      </p>
      <div className="transfer-table-wrap">
        <table className="transfer-table">
          <caption className="visually-hidden">The first rows of {fileName}</caption>
          <thead>
            <tr>
              <th scope="col">Row</th>
              {columns.map((index) => (
                <th key={index} scope="col">
                  {columnLetter(index)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((row, rowIndex) => (
              // Rows of a file have no identity but their position.
              // biome-ignore lint/suspicious/noArrayIndexKey: the table shows fixed positions of the file.
              <tr key={rowIndex} data-header={mapping.headerRow && rowIndex === 0 ? 'true' : undefined}>
                <th scope="row">{rowIndex + 1}</th>
                {columns.map((index) => (
                  <td key={index}>{row[index] ?? ''}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <label className="transfer-check">
        <input
          type="checkbox"
          checked={mapping.headerRow}
          onChange={(event) => setMapping({ ...mapping, headerRow: event.target.checked })}
        />
        <span>The first row holds column names</span>
      </label>
      <div className="transfer-mapping">
        {CSV_FIELDS.map((field) => (
          <div key={field} className="field">
            <div className="field-head">
              <label className="field-label" htmlFor={`${id}-${field}`}>
                {CSV_FIELD_LABELS[field]}
              </label>
              {HINTS[field] && (
                <span id={`${id}-${field}-hint`} className="field-hint">
                  {HINTS[field]}
                </span>
              )}
            </div>
            <select
              id={`${id}-${field}`}
              className="field-input"
              value={mapping.columns[field] ?? ''}
              aria-describedby={HINTS[field] ? `${id}-${field}-hint` : undefined}
              onChange={(event) => choose(field, event.target.value)}
            >
              <option value="">Not in the file</option>
              {columns.map((index) => (
                <option key={index} value={index}>
                  {columnName(index)}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      <p className="field-hint" aria-live="polite">
        {problem ?? ''}
      </p>
      <button type="submit" className="button button-primary button-block" disabled={problem !== null}>
        Show what will be imported
      </button>
    </form>
  );
}
