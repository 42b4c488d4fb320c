/** Security → Clipboard: how long a copied card detail stays on the clipboard before Sleeve clears it. */
import type { ChangeEvent } from 'react';
import { useId } from 'react';
import { useSnapshot } from 'valtio';
import type { ClipboardClearSeconds } from '../../../domain/preferences';
import { CLIPBOARD_CLEAR_SECONDS } from '../../../domain/preferences';
import { preferencesState, setClipboardClearSeconds } from '../../../state/preferences';

const NEVER = 'never';

const secondsLabel = (seconds: number): string =>
  seconds < 60 ? `${seconds} seconds` : seconds === 60 ? '1 minute' : `${seconds / 60} minutes`;

export function ClipboardSection() {
  const { clipboardClearSeconds } = useSnapshot(preferencesState).security;
  const headingId = useId();
  const selectId = useId();
  const hintId = useId();

  const choose = (event: ChangeEvent<HTMLSelectElement>) => {
    const chosen = event.target.value;
    void setClipboardClearSeconds(chosen === NEVER ? null : (Number(chosen) as ClipboardClearSeconds));
  };

  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="settings-heading">
        Clipboard
      </h2>
      <div className="field">
        <label className="field-label" htmlFor={selectId}>
          Clear copied details after
        </label>
        <select
          id={selectId}
          className="field-input"
          aria-describedby={hintId}
          value={clipboardClearSeconds === null ? NEVER : String(clipboardClearSeconds)}
          onChange={choose}
        >
          {CLIPBOARD_CLEAR_SECONDS.map((seconds) => (
            <option key={seconds} value={String(seconds)}>
              {secondsLabel(seconds)}
            </option>
          ))}
          <option value={NEVER}>Never</option>
        </select>
        <p id={hintId} className="field-hint">
          A card number, CVV or other detail you copy is removed from the clipboard after this long, unless you have
          copied something else since.
        </p>
      </div>
    </section>
  );
}
