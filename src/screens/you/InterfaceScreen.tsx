/** /user/interface — the 'Mask card number' and 'Check for updates at launch' switches, stored in `sleeve/preferences`. */
import { useId } from 'react';
import { useSnapshot } from 'valtio';
import { Page } from '../../app/Page';
import { preferencesState, setCheckAtLaunch, setMaskCardNumber } from '../../state/preferences';

function SwitchRow({
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

export function InterfaceScreen() {
  const { userInterface, updates } = useSnapshot(preferencesState);
  return (
    <Page title="User Interface" back={{ to: '~/user' }}>
      <div className="settings-section">
        <SwitchRow
          label="Mask card number"
          hint="Card numbers show only their first and last four digits; on a card's details, Reveal shows the rest."
          on={userInterface.maskCardNumber}
          onToggle={setMaskCardNumber}
        />
        <SwitchRow
          label="Check for updates at launch"
          hint="When Sleeve starts, it looks for a new version and offers to reload into it. When off, a new version starts once every Sleeve tab has been closed."
          on={updates.checkAtLaunch}
          onToggle={setCheckAtLaunch}
        />
      </div>
    </Page>
  );
}
