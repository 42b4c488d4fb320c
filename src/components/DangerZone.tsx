/**
 * A screen's Danger Zone: what the action would remove for good, and the button that asks for it. The question
 * itself stays with the screen, which knows what to warn about.
 */
import { useId } from 'react';

export interface DangerZoneProps {
  /** What is removed, and that it cannot come back. */
  hint: string;
  /** The button's label, e.g. 'Delete account'. */
  action: string;
  disabled?: boolean;
  onAsk: () => void;
}

export function DangerZone({ hint, action, disabled = false, onAsk }: DangerZoneProps) {
  const headingId = useId();
  return (
    <section className="settings-section danger-zone" aria-labelledby={headingId}>
      <h2 id={headingId} className="settings-heading">
        Danger Zone
      </h2>
      <p className="field-hint">{hint}</p>
      <button type="button" className="button button-danger button-block" disabled={disabled} onClick={onAsk}>
        {action}
      </button>
    </section>
  );
}
