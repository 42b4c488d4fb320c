/** What a scan hands the New Card editor, and how the editor takes it in (src/domain/scan-accept.ts decides it). */
import type { CardData, Network } from './card';

/** What a scan fills into the editor; an empty expiry or cardholder was not read plausibly. */
export interface ScanResult {
  number: string;
  network: Network;
  expiry: string;
  cardholder: string;
}

/**
 * The editor's card with what a scan read filled in: the number and the network it belongs to always (that is what
 * a result is), the expiry and cardholder only where they were read; every other field as the person left it.
 */
export function fillFromScan(card: CardData, result: ScanResult): CardData {
  return {
    ...card,
    number: result.number,
    network: result.network,
    expiry: result.expiry || card.expiry,
    cardholder: result.cardholder || card.cardholder,
  };
}
