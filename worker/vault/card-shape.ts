/** The shape of card data, checked wherever it enters the engine or comes out of a decryption. */
import { type CardData, NETWORKS, type Network, THEMES, type Theme } from '../../src/domain/card';
import { InvalidArgumentError } from '../../src/domain/errors';

const TEXT_FIELDS = ['number', 'expiry', 'cardholder', 'issuer', 'cvv'] as const;

/**
 * A copy of `value` as `CardData` with its keys in the wire order `{number, expiry, cardholder, issuer, cvv,
 * network, theme}`; unknown keys are dropped. Throws InvalidArgumentError when a field is missing or invalid.
 */
export function toCardData(value: unknown): CardData {
  if (typeof value !== 'object' || value === null) throw invalid('card data is not an object');
  const fields = value as Record<string, unknown>;
  for (const name of TEXT_FIELDS) {
    if (typeof fields[name] !== 'string') throw invalid(`card field ${name} is not text`);
  }
  if (!NETWORKS.includes(fields.network as Network)) throw invalid('card network is unknown');
  if (!THEMES.includes(fields.theme as Theme)) throw invalid('card theme is unknown');
  // Built field by field so the JSON key order is fixed regardless of how the input was ordered.
  return {
    number: fields.number as string,
    expiry: fields.expiry as string,
    cardholder: fields.cardholder as string,
    issuer: fields.issuer as string,
    cvv: fields.cvv as string,
    network: fields.network as Network,
    theme: fields.theme as Theme,
  };
}

function invalid(detail: string): InvalidArgumentError {
  return new InvalidArgumentError(`Invalid card data: ${detail}`);
}
