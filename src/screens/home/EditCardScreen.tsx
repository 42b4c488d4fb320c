/**
 * /home/cards/:id/edit — the card form filled in, with the card's details in 'More details'; Done or Update saves and
 * goes back one step (SPEC.md §2). With 'Ask before showing PINs' on, revealing the card PIN here first goes through
 * the verification, as on the card's screen; what was typed waits meanwhile and comes back with the PIN revealed.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Redirect, useLocation } from 'wouter';
import { Page } from '../../app/Page';
import { CardForm } from '../../components/CardForm';
import { DoneAction } from '../../components/DoneAction';
import type { Confirm } from '../../components/use-confirmed';
import type { CardData } from '../../domain/card';
import type { CardDetails } from '../../domain/card-details';
import { NO_DETAILS } from '../../domain/card-details';
import {
  askingBeforeShowingPins,
  cardPinNeedsVerification,
  cardPinRevealWaits,
  clearCardPinReveal,
  gateCardPin,
  holdCardPinReveal,
} from '../../state/card-pin';
import { cardsState, saveCard } from '../../state/cards';
import { clearEditDraft, holdEditDraft, peekEditDraft } from '../../state/drafts';
import { goBack } from '../../state/going-back';
import { detailsState } from '../../state/store';
import { showToast } from '../../state/toast';

const FORM_ID = 'edit-card-form';

export function EditCardScreen({ id }: { id: string }) {
  const { cards } = useSnapshot(cardsState);
  const { byCard, unreadable } = useSnapshot(detailsState);
  // Details that could not be opened are not offered, so a save never writes over them.
  const [, navigate] = useLocation();
  // Back from verifying to reveal the PIN: the form as it was left, the PIN shown. Read, then let go once shown.
  const [draft] = useState(() => peekEditDraft(id));
  const [pinShownAtFirst] = useState(() => cardPinRevealWaits(id));
  useEffect(() => {
    clearEditDraft();
    clearCardPinReveal();
  }, []);
  const typed = useRef<{ data: CardData; details: CardDetails | undefined } | null>(null);
  const onEdit = useCallback((data: CardData, details: CardDetails | undefined) => {
    typed.current = { data, details };
  }, []);

  const card = cards.find((candidate) => candidate.id === id);
  if (!card) return <Redirect to="~/" replace />;
  const stored = byCard[id];
  const offered = !unreadable.includes(id);

  const update = async (data: CardData, details: CardDetails | undefined) => {
    await saveCard(details ? { id, data, details } : { id, data });
    goBack(1, `/home/cards/${id}`);
    showToast('Card updated');
  };

  /** Only the PIN this card was saved with is asked for: one the person is typing now is theirs to see. */
  const confirmPinReveal: Confirm | undefined =
    stored?.pin && askingBeforeShowingPins()
      ? async () => {
          if (!cardPinNeedsVerification()) return true;
          const left = typed.current;
          if (left?.details) holdEditDraft({ id, data: left.data, details: left.details });
          const route = gateCardPin(() => {
            holdCardPinReveal(id);
            goBack(1, `/home/cards/${id}/edit`);
          });
          if (!route) return true;
          navigate(`/cards/${id}/edit/${route}`);
          return false;
        }
      : undefined;

  return (
    <Page title="Edit Card" back={{ to: `/cards/${id}` }} actions={<DoneAction form={FORM_ID} sameAs="Update" />}>
      <CardForm
        // The details open a moment after the cards: a form shown before they did starts again with them.
        key={stored ? 'with-details' : 'without-details'}
        id={FORM_ID}
        initial={draft?.data ?? { ...card.data }}
        initialDetails={offered ? (draft?.details ?? { ...(stored ?? NO_DETAILS) }) : undefined}
        confirmPinReveal={confirmPinReveal}
        pinShownAtFirst={pinShownAtFirst}
        submitLabel="Update"
        onSubmit={update}
        onEdit={onEdit}
      />
    </Page>
  );
}
