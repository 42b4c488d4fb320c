/**
 * How a card number is shown: in its network's groups, as printed on the card. Apart from the brands' rules
 * (card-brands.ts), since every card face needs this and only the form and import need those.
 */
import type { Network } from './card';

/**
 * The sizes of the groups a number is shown in, as printed on the card: American Express 4-6-5, Diners Club 4-6-4
 * up to its 14 digits (longer Diners numbers go by fours), every other network by fours.
 */
export function groupSizes(network: Network, length: number): number[] {
  if (network === 'AMEX' && length <= 15) return [4, 6, 5];
  if (network === 'DINERS' && length <= 14) return [4, 6, 4];
  return Array.from({ length: Math.ceil(length / 4) }, () => 4);
}

/**
 * A number (or a masked one: any characters) split into its network's groups, joined by single spaces:
 * '378282246310005' → '3782 822463 10005'. A partly typed number fills the groups from the left.
 */
export function groupCardNumber(text: string, network: Network): string {
  const groups: string[] = [];
  let start = 0;
  for (const size of groupSizes(network, text.length)) {
    if (start >= text.length) break;
    groups.push(text.slice(start, start + size));
    start += size;
  }
  return groups.join(' ');
}
