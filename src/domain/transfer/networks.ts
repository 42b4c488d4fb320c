/**
 * Brand and network names as other apps write them, mapped to Sleeve's network enumeration. Only names that can mean
 * one network are mapped; a name Sleeve does not know (JCB, Maestro, UnionPay…) is not matched here, and the caller
 * keeps the card as OTHER with a change saying so. A file that names no network at all leaves it to the number's
 * issuer range, as the card form does while nobody has picked one (see card-fields.ts).
 */
import type { Network } from '../card';
import { NETWORKS } from '../card';

/** Names compared after lower-casing and dropping everything but letters: 'American Express' → 'americanexpress'. */
const KNOWN: Readonly<Record<string, Network>> = {
  visa: 'VISA',
  mastercard: 'MASTERCARD',
  mc: 'MASTERCARD',
  amex: 'AMEX',
  americanexpress: 'AMEX',
  discover: 'DISCOVER',
  discovercard: 'DISCOVER',
  diners: 'DINERS',
  dinersclub: 'DINERS',
  dinersclubinternational: 'DINERS',
  rupay: 'RUPAY',
  // Sleeve's own exports write 'Other' for a card whose network is Other.
  other: 'OTHER',
  // The absence of a network, as exports write it.
  unspecified: 'OTHER',
  unknown: 'OTHER',
};

const key = (name: string): string =>
  name
    .trim()
    .toLowerCase()
    .replace(/[^a-z]/g, '');

/** Whether a brand name says that no network was given: blank, 'unspecified', 'unknown'. */
export const namesNoNetwork = (name: string): boolean => ['', 'unspecified', 'unknown'].includes(key(name));

/** Sleeve's network for a brand name; OTHER for none given; `null` for a name Sleeve does not know. */
export function networkFromBrand(name: string): Network | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'OTHER';
  if ((NETWORKS as readonly string[]).includes(trimmed)) return trimmed as Network;
  return Object.hasOwn(KNOWN, key(trimmed)) ? (KNOWN[key(trimmed)] as Network) : null;
}
