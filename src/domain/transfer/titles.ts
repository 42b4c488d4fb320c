/**
 * The name a plain export gives a card item. Password managers show items by name, so a card without an issuer gets
 * one made from its network and last four digits; reading such a file back, that made-up name is not taken for an
 * issuer, so a card goes out and comes back as it was.
 */
import type { CardData } from '../card';
import { NETWORK_LABELS, NETWORKS } from '../card';

const lastFour = (number: string): string => number.slice(-4);

/** 'Visa ending 1111', or 'Card ending 1111' when the network is not known. */
export function defaultTitle(data: Pick<CardData, 'network' | 'number'>): string {
  const prefix = data.network === 'OTHER' ? 'Card' : NETWORK_LABELS[data.network];
  return `${prefix} ending ${lastFour(data.number)}`;
}

const MADE_UP_PREFIXES = new Set(['Card', ...NETWORKS.filter((n) => n !== 'OTHER').map((n) => NETWORK_LABELS[n])]);

/** The item's name as an issuer: empty when it is the name Sleeve makes up for a card with the same last digits. */
export function plainTitleToIssuer(name: unknown, number: unknown): unknown {
  if (typeof name !== 'string' || typeof number !== 'string') return name;
  const match = /^(.+) ending (\d{4})$/.exec(name.trim());
  const digits = number.replace(/\D/g, '');
  if (match && MADE_UP_PREFIXES.has(match[1] as string) && match[2] === lastFour(digits)) return '';
  return name;
}
