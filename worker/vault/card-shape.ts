/** The shape of card data, checked wherever it enters the engine or comes out of a decryption. */
import type { CardData, Network, Theme } from '../../src/domain/card';
import { InvalidArgumentError } from '../../src/domain/errors';
import { cardDataProblem } from '../../src/domain/stored-cards';

/**
 * A copy of `value` as `CardData` with its keys in the wire order `{number, expiry, cardholder, issuer, cvv,
 * network, theme}`; unknown keys are dropped. Throws InvalidArgumentError when a field is missing or invalid.
 */
export function toCardData(value: unknown): CardData {
  const problem = cardDataProblem(value);
  if (problem !== null) throw new InvalidArgumentError(`Invalid card data: ${problem}`);
  const fields = value as Record<string, unknown>;
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
