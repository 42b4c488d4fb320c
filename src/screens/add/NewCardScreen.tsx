/**
 * /add/editor — a blank card form with a random theme; Done or Save stores it and opens the card. When nothing
 * protects the device yet, saving first recommends a PIN: Skip saves the card as it is, Create PIN saves it
 * encrypted once the PIN exists.
 */
import { useState } from 'react';
import { useLocation } from 'wouter';
import { Page } from '../../app/Page';
import { CardForm } from '../../components/CardForm';
import { DoneAction } from '../../components/DoneAction';
import { Sheet } from '../../components/Sheet';
import type { CardData } from '../../domain/card';
import { saveCard } from '../../state/cards';
import {
  clearCardDraft,
  holdCardDraft,
  peekCardDraft,
  pinRecommendationSkipped,
  rememberSkip,
} from '../../state/drafts';
import { appState } from '../../state/store';
import { showError, showToast } from '../../state/toast';
import { randomTheme } from './random-theme';

const FORM_ID = 'new-card-form';

const blankCard = (): CardData => ({
  number: '',
  expiry: '',
  cardholder: '',
  issuer: '',
  cvv: '',
  network: 'OTHER',
  theme: randomTheme(),
});

/** Saves a card and opens it; `navigate` is the editor's. */
export async function saveAndOpen(data: CardData, navigate: (to: string) => void): Promise<void> {
  const id = await saveCard({ data });
  clearCardDraft();
  navigate(`~/home/cards/${id}`);
  showToast('Card saved');
}

export function NewCardScreen() {
  const [, navigate] = useLocation();
  // A card waiting for its PIN comes back as typed; a new one gets its theme once, so the preview keeps its colour.
  const [initial] = useState(() => peekCardDraft() ?? blankCard());
  const [pending, setPending] = useState<CardData | null>(null);

  const save = async (data: CardData) => {
    const unprotected = !appState.pinCreated && !appState.passwordCreated;
    if (unprotected && !pinRecommendationSkipped()) {
      setPending(data);
      return;
    }
    await saveAndOpen(data, navigate);
  };

  const skip = () => {
    const data = pending;
    setPending(null);
    rememberSkip();
    if (data) saveAndOpen(data, navigate).catch(showError);
  };

  const createPin = () => {
    if (pending) holdCardDraft(pending);
    setPending(null);
    navigate('/pin/create');
  };

  return (
    <Page title="New Card" back={{ to: '~/add' }} actions={<DoneAction form={FORM_ID} sameAs="Save" />}>
      <CardForm id={FORM_ID} initial={initial} submitLabel="Save" onSubmit={save} />
      {pending && (
        <Sheet title="Protect your cards" onClose={() => setPending(null)}>
          <p className="sheet-text">
            Create a PIN to keep your cards encrypted on this device and away from anyone else who uses it.
          </p>
          <div className="button-row">
            <button type="button" className="button" onClick={skip}>
              Skip
            </button>
            <button type="button" className="button button-primary" onClick={createPin}>
              Create PIN
            </button>
          </div>
        </Sheet>
      )}
    </Page>
  );
}
