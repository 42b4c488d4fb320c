/**
 * The last step of an import, before anything is stored: what will be added (each can be left out), what Sleeve
 * already has (kept as it is), and what cannot be imported, with the reason, row by row (a hundred at a time). 'Import
 * N cards' stores the chosen ones in one change, those not shown yet included.
 */
import { useId, useMemo, useState } from 'react';
import type { CardData } from '../../../domain/card';
import { NETWORK_LABELS } from '../../../domain/card';
import type { ImportedCard } from '../../../domain/transfer/import-row';
import type { ImportPreview } from '../../../domain/transfer/preview';
import { cardCount } from './card-count';
import { StepwiseList } from './StepwiseList';

export const PreviewTexts = {
  add: 'To add',
  already: 'Already in Sleeve',
  cannot: 'Cannot be imported',
  nothingNew: 'There is nothing new to import from this file.',
  leftOut: (count: number) =>
    `${count} ${count === 1 ? 'item' : 'items'} in the file ${count === 1 ? 'is' : 'are'} not a payment card (logins, notes and the like) and will be left out.`,
  importing: 'Importing…',
} as const;

/** How a card is named in the preview: enough to recognise it, never the whole number or the CVV. */
export function cardSummary(data: CardData): string {
  const parts = [`•••• ${data.number.slice(-4)}`, data.expiry, data.cardholder];
  if (data.issuer) parts.push(data.issuer);
  if (data.network !== 'OTHER') parts.push(NETWORK_LABELS[data.network]);
  return parts.join(' · ');
}

export interface ImportPreviewStepProps {
  preview: ImportPreview;
  busy: boolean;
  onImport: (cards: ImportedCard[]) => void;
  onCancel: () => void;
}

export function ImportPreviewStep({ preview, busy, onImport, onCancel }: ImportPreviewStepProps) {
  const [leftOut, setLeftOut] = useState<ReadonlySet<number>>(() => new Set());
  const id = useId();
  const chosen = useMemo(() => preview.add.filter((entry) => !leftOut.has(entry.index)), [preview, leftOut]);

  const toggle = (index: number, include: boolean) => {
    const next = new Set(leftOut);
    if (include) next.delete(index);
    else next.add(index);
    setLeftOut(next);
  };

  return (
    <div className="transfer-step">
      {preview.leftOut > 0 && <p className="transfer-notice">{PreviewTexts.leftOut(preview.leftOut)}</p>}
      {preview.add.length === 0 && <p className="empty-state">{PreviewTexts.nothingNew}</p>}
      {preview.add.length > 0 && (
        <section aria-labelledby={`${id}-add`}>
          <h2 id={`${id}-add`} className="settings-heading">
            {PreviewTexts.add} ({preview.add.length})
          </h2>
          <StepwiseList items={preview.add} keyOf={(entry) => entry.index}>
            {(entry) => (
              <>
                <label className="transfer-check">
                  <input
                    type="checkbox"
                    checked={!leftOut.has(entry.index)}
                    disabled={busy}
                    onChange={(event) => toggle(entry.index, event.target.checked)}
                  />
                  <span>
                    <span className="transfer-row-where">{entry.where}</span>
                    <span className="transfer-row-card">{cardSummary(entry.card.data)}</span>
                  </span>
                </label>
                {entry.brings && <p className="transfer-row-note">{entry.brings}</p>}
                {entry.card.changes.map((change) => (
                  <p key={change} className="transfer-row-note">
                    Note: {change}
                  </p>
                ))}
              </>
            )}
          </StepwiseList>
        </section>
      )}
      {preview.already.length > 0 && (
        <section aria-labelledby={`${id}-already`}>
          <h2 id={`${id}-already`} className="settings-heading">
            {PreviewTexts.already} ({preview.already.length})
          </h2>
          <StepwiseList items={preview.already} keyOf={(entry) => entry.index}>
            {(entry) => (
              <>
                <p className="transfer-row-where">{entry.where}</p>
                <p className="transfer-row-card">{cardSummary(entry.card.data)}</p>
                <p className="transfer-row-note">{entry.reason}</p>
              </>
            )}
          </StepwiseList>
        </section>
      )}
      {preview.cannot.length > 0 && (
        <section aria-labelledby={`${id}-cannot`}>
          <h2 id={`${id}-cannot`} className="settings-heading">
            {PreviewTexts.cannot} ({preview.cannot.length})
          </h2>
          <StepwiseList items={preview.cannot} keyOf={(entry) => entry.index}>
            {(entry) => (
              <>
                <p className="transfer-row-where">{entry.where}</p>
                <p className="transfer-row-note">Why: {entry.reason}</p>
              </>
            )}
          </StepwiseList>
        </section>
      )}
      <div className="button-row">
        <button type="button" className="button" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button
          type="button"
          className="button button-primary"
          disabled={chosen.length === 0 || busy}
          aria-busy={busy}
          onClick={() => onImport(chosen.map((entry) => entry.card))}
        >
          {/* Both labels are laid out in one place and the button takes the room of the larger: 'Importing…' in place
              of a label that took two lines would shrink the row under the finger that pressed it. */}
          <span className="button-labels">
            <span data-shown={!busy}>{`Import ${cardCount(chosen.length)}`}</span>
            <span data-shown={busy}>{PreviewTexts.importing}</span>
          </span>
        </button>
      </div>
    </div>
  );
}
