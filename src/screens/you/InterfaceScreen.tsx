/** /user/interface — the 'Mask card number' switch, stored in `sleeve/preferences`. */
import { useId } from 'react';
import { useSnapshot } from 'valtio';
import { Page } from '../../app/Page';
import { preferencesState, setMaskCardNumber } from '../../state/preferences';

export function InterfaceScreen() {
  const { maskCardNumber } = useSnapshot(preferencesState).userInterface;
  const labelId = useId();
  const hintId = useId();
  return (
    <Page title="User Interface" back={{ to: '~/user' }}>
      <div className="settings-section">
        <div className="switch-row">
          <div>
            <span id={labelId} className="switch-label">
              Mask card number
            </span>
            <p id={hintId} className="field-hint">
              Card numbers show only their first and last four digits; on a card's details, Reveal shows the rest.
            </p>
          </div>
          <button
            type="button"
            role="switch"
            className="switch"
            aria-checked={maskCardNumber}
            aria-labelledby={labelId}
            aria-describedby={hintId}
            onClick={() => void setMaskCardNumber(!maskCardNumber)}
          >
            <span className="switch-thumb" aria-hidden="true" />
          </button>
        </div>
      </div>
    </Page>
  );
}
