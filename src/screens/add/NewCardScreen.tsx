/**
 * /add/editor — a blank card form with a random theme; Done or Save stores it and opens the card. When nothing
 * protects the device yet, saving first recommends a PIN: Skip saves the card as it is, Create PIN saves it
 * encrypted once the PIN exists.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { Page } from '../../app/Page';
import { CardForm } from '../../components/CardForm';
import { DoneAction } from '../../components/DoneAction';
import { Sheet } from '../../components/Sheet';
import type { CardData } from '../../domain/card';
import { fillFromScan } from '../../domain/scan-result';
import { useCameraAvailable } from '../../scanner/availability';
import { saveCard } from '../../state/cards';
import {
  clearCardDraft,
  clearScanDraft,
  holdCardDraft,
  holdScanBase,
  peekCardDraft,
  peekScanDraft,
  pinRecommendationSkipped,
  rememberSkip,
} from '../../state/drafts';
import { appState } from '../../state/store';
import { showError, showToast } from '../../state/toast';
import { randomTheme } from './random-theme';
import { SCANNED_NOTE } from './scan-texts';

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
  // A card waiting for its PIN, or left for the scanner, comes back as typed, with what a scan read filled in; a new
  // one gets its theme once, so the preview keeps its colour.
  const [start] = useState(() => {
    const { base, scanned } = peekScanDraft();
    const card = base ?? peekCardDraft() ?? blankCard();
    return { initial: scanned ? fillFromScan(card, scanned) : card, scanned: scanned !== null };
  });
  const { initial } = start;
  // The scan's part is taken: leaving and coming back later starts from the card draft alone.
  useEffect(clearScanDraft, []);
  const camera = useCameraAvailable();
  const typed = useRef(initial);
  const onEdit = useCallback((data: CardData) => {
    typed.current = data;
  }, []);
  const scan = () => {
    holdScanBase(typed.current);
    navigate('~/add/scan');
  };
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
      {start.scanned && (
        <p className="scan-note" role="status">
          {SCANNED_NOTE}
        </p>
      )}
      {camera && (
        <button type="button" className="button button-block scan-from-editor" onClick={scan}>
          Scan card
        </button>
      )}
      <CardForm id={FORM_ID} initial={initial} submitLabel="Save" onSubmit={save} onEdit={onEdit} />
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
