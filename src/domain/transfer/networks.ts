/**
 * Brand and network names as other apps write them, mapped to Sleeve's network enumeration. Only names that can mean
 * one network are mapped; a name Sleeve does not know (JCB, Maestro, UnionPay…) is not matched here, and the caller
 * keeps the card as OTHER with a note saying so. The card's number is never used to guess its network.
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
  // The absence of a network, as exports write it.
  other: 'OTHER',
  unspecified: 'OTHER',
  unknown: 'OTHER',
};

/** Sleeve's network for a brand name; OTHER for none given; `null` for a name Sleeve does not know. */
export function networkFromBrand(name: string): Network | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'OTHER';
  if ((NETWORKS as readonly string[]).includes(trimmed)) return trimmed as Network;
  const key = trimmed.toLowerCase().replace(/[^a-z]/g, '');
  return Object.hasOwn(KNOWN, key) ? (KNOWN[key] as Network) : null;
}
