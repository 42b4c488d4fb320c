/**
 * Card brands: which network a number belongs to by its issuer range, and each network's rules for the number's
 * length and the security code's length. Pure data and lookups, shared by the form, import, the scanner and the
 * tests; how a number is grouped on the card face is number-groups.ts's, which the list needs without these. The wire
 * format is untouched: a card's `number` is its digits, whatever their count.
 */
import type { Network } from './card';
import { groupSizes } from './number-groups';

/** One issuer range: the numbers whose first `prefixLength` digits, read as a number, lie in `from`..`to`. */
export interface IssuerRange {
  network: Exclude<Network, 'OTHER'>;
  from: number;
  to: number;
  prefixLength: number;
}

/**
 * The issuer ranges Sleeve recognises. Where two ranges overlap, the more specific one (the longer prefix) wins:
 * RuPay's 60 holds Discover's 6011, so 6011… is Discover and 6012… RuPay; Discover's 65 holds RuPay's share of it,
 * 652150–653149, so 652150… is RuPay and 6500… Discover. No two ranges of the same prefix length overlap (a test
 * holds this), so the rule always gives one answer.
 */
export const ISSUER_RANGES: readonly IssuerRange[] = [
  { network: 'VISA', from: 4, to: 4, prefixLength: 1 },
  { network: 'MASTERCARD', from: 51, to: 55, prefixLength: 2 },
  { network: 'MASTERCARD', from: 2221, to: 2720, prefixLength: 4 },
  { network: 'AMEX', from: 34, to: 34, prefixLength: 2 },
  { network: 'AMEX', from: 37, to: 37, prefixLength: 2 },
  { network: 'DINERS', from: 300, to: 305, prefixLength: 3 },
  { network: 'DINERS', from: 36, to: 36, prefixLength: 2 },
  { network: 'DINERS', from: 38, to: 39, prefixLength: 2 },
  { network: 'DISCOVER', from: 6011, to: 6011, prefixLength: 4 },
  { network: 'DISCOVER', from: 644, to: 649, prefixLength: 3 },
  { network: 'DISCOVER', from: 65, to: 65, prefixLength: 2 },
  { network: 'RUPAY', from: 60, to: 60, prefixLength: 2 },
  { network: 'RUPAY', from: 652150, to: 653149, prefixLength: 6 },
  { network: 'RUPAY', from: 81, to: 82, prefixLength: 2 },
  { network: 'RUPAY', from: 508, to: 508, prefixLength: 3 },
];

/** Whether a number (digits only) starts inside a range; a number shorter than the range's prefix is not in it. */
export function inRange(digits: string, range: Pick<IssuerRange, 'from' | 'to' | 'prefixLength'>): boolean {
  if (digits.length < range.prefixLength) return false;
  const prefix = Number(digits.slice(0, range.prefixLength));
  return prefix >= range.from && prefix <= range.to;
}

/** The network of a number (digits only) by its issuer range, the most specific range winning; OTHER for none. */
export function detectNetwork(digits: string): Network {
  let best: IssuerRange | undefined;
  for (const range of ISSUER_RANGES) {
    if (inRange(digits, range) && (!best || range.prefixLength > best.prefixLength)) best = range;
  }
  return best?.network ?? 'OTHER';
}

export interface BrandRule {
  /** How many digits a number of this network has: one length, or a range. */
  minDigits: number;
  maxDigits: number;
  /** The security code's length (American Express prints four digits on the front). */
  cvvDigits: number;
}

/** Lengths by network. OTHER allows the longest range, since it stands for any network Sleeve does not name. */
export const BRAND_RULES: Readonly<Record<Network, BrandRule>> = {
  VISA: { minDigits: 16, maxDigits: 16, cvvDigits: 3 },
  MASTERCARD: { minDigits: 16, maxDigits: 16, cvvDigits: 3 },
  AMEX: { minDigits: 15, maxDigits: 15, cvvDigits: 4 },
  DINERS: { minDigits: 14, maxDigits: 16, cvvDigits: 3 },
  DISCOVER: { minDigits: 16, maxDigits: 19, cvvDigits: 3 },
  RUPAY: { minDigits: 16, maxDigits: 19, cvvDigits: 3 },
  OTHER: { minDigits: 16, maxDigits: 19, cvvDigits: 3 },
};

/** Whether a number (digits only) has a length its network allows. */
export function hasBrandLength(digits: string, network: Network): boolean {
  const { minDigits, maxDigits } = BRAND_RULES[network];
  return /^\d+$/.test(digits) && digits.length >= minDigits && digits.length <= maxDigits;
}

/**
 * Issuer ranges of networks Sleeve names no network for (they are OTHER), with the lengths their cards carry. OTHER's
 * own rule takes any 16 to 19 digits, so that a person can keep a card of any network; a number read off a photo needs
 * more: a range someone issues.
 */
const UNNAMED_ISSUERS: readonly (Pick<IssuerRange, 'from' | 'to' | 'prefixLength'> & Omit<BrandRule, 'cvvDigits'>)[] = [
  // UnionPay.
  { from: 62, to: 62, prefixLength: 2, minDigits: 16, maxDigits: 19 },
];

/**
 * Whether a number (digits only) is one a card network issues: its prefix in a network's range and its length one
 * that network's cards carry. A number no network issues (a first digit of 1, say) is not, whatever its length.
 */
export function isIssuedNumber(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  const network = detectNetwork(digits);
  if (network !== 'OTHER') return hasBrandLength(digits, network);
  return UNNAMED_ISSUERS.some(
    (range) => inRange(digits, range) && digits.length >= range.minDigits && digits.length <= range.maxDigits,
  );
}

/** The number field's longest text for a network: its most digits and the spaces between their groups. */
export const displayLength = (network: Network): number => {
  const most = BRAND_RULES[network].maxDigits;
  return most + groupSizes(network, most).length - 1;
};
