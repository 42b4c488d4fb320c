/**
 * A card's details on its screen (DetailRows), with 'Ask before showing PINs' wired in (use-card-pin-gate.ts). A
 * script of its own, loaded when a card that has details is first opened: most cards have none, and the first
 * script stays within its budget.
 */
import type { CardDetails } from '../../domain/card-details';
import { DetailRows } from './DetailRows';
import { useCardPinGate } from './use-card-pin-gate';

export function CardDetailsSection({ id, details }: { id: string; details: CardDetails }) {
  const pinGate = useCardPinGate(id);
  return (
    <DetailRows
      details={details}
      confirm={pinGate.confirmReveal}
      confirmCopy={pinGate.confirmCopy}
      pinShownAtFirst={pinGate.pinShownAtFirst}
    />
  );
}
