/**
 * Security → Card PINs: 'Ask before showing PINs'. When on, revealing or copying a card's PIN first asks for the
 * password (or, without one, the PIN), as the gate in front of Delete all cards does, at most once a minute. Without a
 * PIN or password there is nothing to ask for, so the switch waits until one exists.
 */
import { useId } from 'react';
import { useSnapshot } from 'valtio';
import { SwitchRow } from '../../../components/SwitchRow';
import { preferencesState, setAskBeforeShowingPins } from '../../../state/preferences';
import { appState } from '../../../state/store';

export function CardPinSection() {
  const { pinCreated, passwordCreated } = useSnapshot(appState);
  const { askBeforeShowingPins } = useSnapshot(preferencesState).security;
  const headingId = useId();
  // The gate asks for the password when there is one, else the PIN (src/state/gate.ts).
  const asked = passwordCreated ? 'password' : 'PIN';

  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="settings-heading">
        Card PINs
      </h2>
      {pinCreated || passwordCreated ? (
        <SwitchRow
          label="Ask before showing PINs"
          hint={`Revealing or copying a card's PIN first asks for your ${asked}. Once you have entered it, you are not asked again for a minute.`}
          on={askBeforeShowingPins}
          onToggle={setAskBeforeShowingPins}
        />
      ) : (
        <p className="field-hint">
          Sleeve can ask for your PIN or password before showing a card's PIN once one protects your cards.
        </p>
      )}
    </section>
  );
}
