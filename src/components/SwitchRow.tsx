/** A setting that is on or off: a switch named by its label and described by its hint. */
import { useId } from 'react';

export function SwitchRow({
  label,
  hint,
  on,
  onToggle,
}: {
  label: string;
  hint: string;
  on: boolean;
  onToggle: (on: boolean) => Promise<void>;
}) {
  const labelId = useId();
  const hintId = useId();
  return (
    <div className="switch-row">
      <div>
        <span id={labelId} className="switch-label">
          {label}
        </span>
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        className="switch"
        aria-checked={on}
        aria-labelledby={labelId}
        aria-describedby={hintId}
        onClick={() => void onToggle(!on)}
      >
        <span className="switch-thumb" aria-hidden="true" />
      </button>
    </div>
  );
}
