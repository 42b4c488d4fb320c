/**
 * 'Create a PIN' then 'Confirm your PIN', mounted under any area that needs them (Security, the add-card editor).
 * `onCreated` says where the person goes once the PIN is stored.
 */
import { useRef } from 'react';
import { useSnapshot } from 'valtio';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { Page } from '../../app/Page';
import { PinPad } from '../../components/pin/PinPad';
import { Messages, SleeveError } from '../../domain/errors';
import { clearPinDraft, holdPinDraft, peekPinDraft } from '../../state/drafts';
import { verificationMissing } from '../../state/gate';
import { checkNewPin, createPin } from '../../state/pin-changes';
import { appState, records } from '../../state/store';
import { showToast } from '../../state/toast';

export interface PinCreateProps {
  /** Where the back link of the first step goes. */
  back: string;
  onCreated: () => void | Promise<void>;
}

function PinCreateScreen({ back }: { back: string }) {
  const [, navigate] = useLocation();
  // Changing a PIN (or adding one beside the password) starts at the verification gate; reached any other way (a
  // typed address, a reload), it goes back to where the gate is.
  const { pinCreated, passwordCreated } = useSnapshot(appState);
  if ((pinCreated || passwordCreated) && verificationMissing(records())) return <Redirect to={back} replace />;
  const submit = async (pin: string) => {
    checkNewPin(pin);
    holdPinDraft(pin);
    navigate('/confirm');
  };
  return (
    <Page title="Create a PIN" back={{ to: back }}>
      <p className="lead">
        Your PIN unlocks Sleeve on this device. It cannot be recovered, so choose six digits you will remember.
      </p>
      <PinPad onSubmit={submit} purpose="new" />
    </Page>
  );
}

function PinConfirmScreen({ onCreated }: { onCreated: PinCreateProps['onCreated'] }) {
  const { pinCreated } = useSnapshot(appState);
  const [, navigate] = useLocation();
  // Read once: storing the PIN re-renders this screen, which must not then send the person back to step one.
  const first = useRef(peekPinDraft()).current;
  if (first === '') return <Redirect to="/" replace />;
  const submit = async (pin: string) => {
    if (pin !== first) throw new SleeveError(Messages.pinsDoNotMatch);
    const outcome = await createPin(pin);
    clearPinDraft();
    showToast(outcome === 'updated' ? 'PIN has been updated' : 'PIN has been created');
    await onCreated();
  };
  return (
    <Page title="Confirm your PIN" back={{ to: '/' }}>
      <p className="lead">{pinCreated ? 'Enter the new PIN once more.' : 'Enter the same six digits once more.'}</p>
      <PinPad onSubmit={submit} purpose="new" focusOnMount />
      <button type="button" className="link-button" onClick={() => navigate('/')}>
        Start over
      </button>
    </Page>
  );
}

export function PinCreateRoutes({ back, onCreated }: PinCreateProps) {
  const [location] = useLocation();
  return (
    <>
      {/* Outlives both steps, so the move from the first to the second is read out (a region that appears with
          its text already in it often is not). */}
      <p className="visually-hidden" aria-live="polite">
        {location === '/confirm' ? 'Confirm your PIN' : ''}
      </p>
      <Switch>
        <Route path="/">
          <PinCreateScreen back={back} />
        </Route>
        <Route path="/confirm">
          <PinConfirmScreen onCreated={onCreated} />
        </Route>
        <Route>
          <Redirect to="/" replace />
        </Route>
      </Switch>
    </>
  );
}
