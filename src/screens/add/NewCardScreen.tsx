/**
 * /add/editor — a blank card form with a random theme; Done or Save stores it and opens the card. When nothing
 * protects the device yet, saving first recommends a PIN: Skip saves the card as it is, Create PIN saves it
 * encrypted once the PIN exists. The card's details ('More details') go with it through each of these steps.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { Page } from '../../app/Page';
import { CardForm } from '../../components/CardForm';
import { DoneAction } from '../../components/DoneAction';
import { Sheet } from '../../components/Sheet';
import type { CardData } from '../../domain/card';
import type { CardDetails } from '../../domain/card-details';
import { NO_DETAILS } from '../../domain/card-details';
import { fillFromScan } from '../../domain/scan-result';
import { useCameraAvailable } from '../../scanner/availability';
import { saveCard } from '../../state/cards';
import {
  clearCardDraft,
  clearScanDraft,
  holdCardDraft,
  holdScanBase,
  peekCardDetailsDraft,
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

/** A new card as the editor hands it on: its details only where the editor offered them. */
export interface NewCard {
  data: CardData;
  details: CardDetails | undefined;
}

/** Saves a card (with its details, when given) and opens it; `navigate` is the editor's. */
export async function saveAndOpen(card: NewCard, navigate: (to: string) => void): Promise<void> {
  const id = await saveCard(card.details ? { data: card.data, details: card.details } : { data: card.data });
  clearCardDraft();
  navigate(`~/home/cards/${id}`);
  showToast('Card saved');
}

export function NewCardScreen() {
  const [, navigate] = useLocation();
  // A card waiting for its PIN, or left for the scanner, comes back as typed, with what a scan read filled in; a new
  // one gets its theme once, so the preview keeps its colour.
  const [start] = useState(() => {
    const { base, baseDetails, scanned } = peekScanDraft();
    const card = base ?? peekCardDraft() ?? blankCard();
    const details = (base ? baseDetails : peekCardDetailsDraft()) ?? NO_DETAILS;
    return { initial: scanned ? fillFromScan(card, scanned) : card, details, scanned: scanned !== null };
  });
  const { initial } = start;
  // The scan's part is taken: leaving and coming back later starts from the card draft alone.
  useEffect(clearScanDraft, []);
  const camera = useCameraAvailable();
  const typed = useRef<NewCard>({ data: initial, details: undefined });
  const onEdit = useCallback((data: CardData, details: CardDetails | undefined) => {
    typed.current = { data, details };
  }, []);
  const scan = () => {
    holdScanBase(typed.current.data, typed.current.details ?? null);
    navigate('~/add/scan');
  };
  const [pending, setPending] = useState<NewCard | null>(null);

  const save = async (data: CardData, details: CardDetails | undefined) => {
    const unprotected = !appState.pinCreated && !appState.passwordCreated;
    if (unprotected && !pinRecommendationSkipped()) {
      setPending({ data, details });
      return;
    }
    await saveAndOpen({ data, details }, navigate);
  };

  const skip = () => {
    const card = pending;
    setPending(null);
    rememberSkip();
    if (card) saveAndOpen(card, navigate).catch(showError);
  };

  const createPin = () => {
    if (pending) holdCardDraft(pending.data, pending.details ?? null);
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
      <CardForm
        id={FORM_ID}
        initial={initial}
        initialDetails={start.details}
        submitLabel="Save"
        onSubmit={save}
        onEdit={onEdit}
      />
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
