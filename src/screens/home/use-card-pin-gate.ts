/**
 * The card's screen's side of 'Ask before showing PINs' (src/state/card-pin.ts): the questions DetailRows asks before
 * revealing or copying the card PIN. Within a minute of a verification both go ahead at once; otherwise the verify
 * screen opens under the card's own address, and once the person has verified they come back to the card with the
 * PIN revealed, or copied.
 */
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { COPY_FAILED_MESSAGE } from '../../components/CopyButton';
import type { Confirm } from '../../components/use-confirmed';
import {
  cardPinNeedsVerification,
  cardPinRevealWaits,
  clearCardPinReveal,
  gateCardPin,
  holdCardPinReveal,
} from '../../state/card-pin';
import { copyToClipboard } from '../../state/clipboard';
import type { FollowUp } from '../../state/gate';
import { goBack } from '../../state/going-back';
import { preferencesState } from '../../state/preferences';
import { appState, detailsState } from '../../state/store';
import { showToast } from '../../state/toast';

export const CARD_PIN_COPIED = 'Card PIN copied';

export interface CardPinGate {
  /** Asked before the PIN is revealed; `undefined` while nothing is to be asked. */
  confirmReveal: Confirm | undefined;
  /** Asked before the PIN is copied. */
  confirmCopy: Confirm | undefined;
  /** The screen opens with the PIN revealed: the person verified to reveal it. */
  pinShownAtFirst: boolean;
}

export function useCardPinGate(id: string): CardPinGate {
  const { askBeforeShowingPins } = useSnapshot(preferencesState).security;
  const { pinCreated, passwordCreated } = useSnapshot(appState);
  const [, navigate] = useLocation();
  const [pinShownAtFirst] = useState(() => cardPinRevealWaits(id));
  // Revealed once: the next visit to the card starts with the PIN hidden again.
  useEffect(clearCardPinReveal, []);
  if (!askBeforeShowingPins || !(pinCreated || passwordCreated)) {
    return { confirmReveal: undefined, confirmCopy: undefined, pinShownAtFirst };
  }
  const cardPath = `/home/cards/${id}`;

  /** Yes within the minute; otherwise the verify screen, with `then` waiting for the person to pass it. */
  const ask =
    (then: FollowUp): Confirm =>
    async () => {
      if (!cardPinNeedsVerification()) return true;
      const route = gateCardPin(then);
      if (!route) return true;
      navigate(`/cards/${id}/${route}`);
      return false;
    };

  const reveal = () => {
    holdCardPinReveal(id);
    goBack(1, cardPath);
  };
  // Copied while the verification's key press is still fresh, since a browser lets a page write to the clipboard only
  // soon after the person acted; then back to the card, where the toast says it was copied.
  const copy = async () => {
    let copied = true;
    try {
      await copyToClipboard(detailsState.byCard[id]?.pin ?? '');
    } catch {
      copied = false;
    }
    goBack(1, cardPath);
    showToast(copied ? CARD_PIN_COPIED : COPY_FAILED_MESSAGE, copied ? 'SUCCESS' : 'ERROR');
  };
  return { confirmReveal: ask(reveal), confirmCopy: ask(copy), pinShownAtFirst };
}
