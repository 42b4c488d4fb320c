import type { PlainCard } from '../../domain/card';
import { NETWORK_LABELS } from '../../domain/card';
import { expiryStatus } from '../../domain/card-checks';

/** What the name adds when the card's expiry needs attention, since the link's name replaces its picture's text. */
const EXPIRY_SUFFIX = { expired: ', expired', soon: ', expires soon' } as const;

/**
 * How a card is named to assistive technology: 'HDFC card ending 1111', 'Visa card ending 1111', and with its
 * expiry's flag when it has one: 'HDFC card ending 1111, expires soon'.
 */
export function cardName(card: PlainCard, now: Date): string {
  const { issuer, network, number, expiry } = card.data;
  const owner = issuer.trim() || (network === 'OTHER' ? '' : NETWORK_LABELS[network]);
  const ending = `card ending ${number.slice(-4)}`;
  const status = expiryStatus(expiry, now);
  const suffix = status ? EXPIRY_SUFFIX[status] : '';
  return `${owner ? `${owner} ${ending}` : `Card ending ${number.slice(-4)}`}${suffix}`;
}
