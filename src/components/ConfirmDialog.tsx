/** A yes/no question on a sheet: a title, a few sentences, Cancel and the confirming action. */
import { Sheet } from './Sheet';

/** SPEC.md §9: a confirmed action runs this long after its sheet has closed, so the sheet is seen to go first. */
export const DELETE_DELAY_MS = 200;

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  texts: readonly string[];
  confirmLabel: string;
  onCancel: () => void;
  onConfirm: () => void;
}

export function ConfirmDialog({ open, title, texts, confirmLabel, onCancel, onConfirm }: ConfirmDialogProps) {
  if (!open) return null;
  return (
    <Sheet title={title} onClose={onCancel}>
      {texts.map((text) => (
        <p key={text} className="sheet-text">
          {text}
        </p>
      ))}
      <div className="button-row">
        {/* First, so it is what focus lands on: a stray Enter keeps the data. */}
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="button button-danger" onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </Sheet>
  );
}

/** Closes a confirm sheet, then runs the confirmed action once the sheet has gone (SPEC.md §2). */
export function afterSheetCloses(close: () => void, action: () => void): void {
  close();
  setTimeout(action, DELETE_DELAY_MS);
}
