import type { PlainCard } from '../../domain/card';
import { NETWORK_LABELS } from '../../domain/card';

/** How a card is named to assistive technology: 'HDFC card ending 1111', 'Visa card ending 1111'. */
export function cardName(card: PlainCard): string {
  const { issuer, network, number } = card.data;
  const owner = issuer.trim() || (network === 'OTHER' ? '' : NETWORK_LABELS[network]);
  const ending = `card ending ${number.slice(-4)}`;
  return owner ? `${owner} ${ending}` : `Card ending ${number.slice(-4)}`;
}
