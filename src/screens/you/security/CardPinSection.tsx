/**
 * Security → Card PINs: 'Ask before showing PINs'. When on, revealing or copying a card's PIN first asks for the
 * password (or, without one, the PIN), as the gate in front of Delete all cards does, at most once a minute. Without a
 * PIN or password there is nothing to ask for, so the switch waits until one exists.
 *
 * Turning it on asks for nothing: it only adds a question. Turning it off passes the same gate first, every time (as
 * Remove PIN does, and whatever was verified in the last minute): it would let anyone at the unlocked device reveal
 * every card's PIN from then on, so whoever cannot reveal one cannot switch the question off either.
 */
import { useId } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { SwitchRow } from '../../../components/SwitchRow';
import { gateFor } from '../../../state/gate';
import { preferencesState, setAskBeforeShowingPins } from '../../../state/preferences';
import { appState } from '../../../state/store';

export function CardPinSection() {
  const { pinCreated, passwordCreated } = useSnapshot(appState);
  const { askBeforeShowingPins } = useSnapshot(preferencesState).security;
  const headingId = useId();
  const [, navigate] = useLocation();
  // The gate asks for the password when there is one, else the PIN (src/state/gate.ts).
  const asked = passwordCreated ? 'password' : 'PIN';

  const toggle = async (on: boolean): Promise<void> => {
    if (on) return setAskBeforeShowingPins(true);
    // Back on Security (this area's root) once it is off, in place of the verify screen.
    const route = gateFor(async () => {
      await setAskBeforeShowingPins(false);
      navigate('/', { replace: true });
    });
    if (route) navigate(`/${route}`);
    else await setAskBeforeShowingPins(false);
  };

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
          onToggle={toggle}
        />
      ) : (
        <p className="field-hint">
          Sleeve can ask for your PIN or password before showing a card's PIN once one protects your cards.
        </p>
      )}
    </section>
  );
}
