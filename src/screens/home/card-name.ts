import type { PlainCard } from '../../domain/card';
import { NETWORK_LABELS } from '../../domain/card';
import { expiryStatus } from '../../domain/card-checks';

/**
 * How a card's link is named to assistive technology: what its picture shows, in the picture's words and reading
 * order, so the name holds the visible text (WCAG 2.5.3) and a person using speech can say what they see:
 * 'First Bank Visa ending 1111, Ada Lovelace, expires 12/29'. Only the last four digits are said, masked or not, and
 * the expiry's flag when it has one ('expired 01/24', 'expires soon, 05/26').
 */
export function cardName(card: PlainCard, now: Date): string {
  const { issuer, network, number, expiry, cardholder } = card.data;
  const owner = [issuer.trim(), network === 'OTHER' ? '' : NETWORK_LABELS[network]].filter(Boolean).join(' ');
  // 'Visa ending 1111' reads as a card already; an issuer alone or nothing at all needs the word.
  const ending =
    network !== 'OTHER'
      ? `${owner} ending ${number.slice(-4)}`
      : owner
        ? `${owner} card ending ${number.slice(-4)}`
        : `Card ending ${number.slice(-4)}`;
  const status = expiryStatus(expiry, now);
  const expires = !expiry
    ? ''
    : status === 'expired'
      ? `expired ${expiry}`
      : status === 'soon'
        ? `expires soon, ${expiry}`
        : `expires ${expiry}`;
  return [ending, cardholder.trim(), expires].filter(Boolean).join(', ');
}
