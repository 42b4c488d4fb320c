/**
 * What browser tests may ask of the seed's clients (tests/interop/seed-client.ts, node:crypto alone), run in Node as
 * Vitest browser commands (tests/interop/seed-commands.ts). Keys and plaintexts travel as standard base64.
 */
import type { CardData, EncryptedCard, EncryptedCollection, PlainCard } from '../../src/domain/card';
import type { SecretRecord } from '../../src/domain/secret';

export interface SeedWallet {
  /** The DEK, base64: what the test would otherwise never see. */
  dek: string;
  record: SecretRecord;
  collection: EncryptedCollection;
}

export interface SeedCommands {
  /** A new account the seed's way: a fresh DEK, its password record (the DEK's base64 text) and `cards` under it. */
  seedWallet(password: string, cards: PlainCard[], modifiedAt: number): Promise<SeedWallet>;
  /** The seed's password record for the DEK `dek`, with the salt and IV given (for known-answer vectors). */
  seedRecord(password: string, dek: string, modifiedAt: number, salt: string, iv: string): Promise<SecretRecord>;
  /** A record whose `encryptedDek` holds `plaintext` under the password: an older Sleeve's raw key, or anything. */
  recordAround(password: string, plaintext: string, modifiedAt: number): Promise<SecretRecord>;
  /** `record` opened the seed's way (rejects when it does not open so), then `cards` under its DEK. */
  openTheSeedWay(
    password: string,
    record: SecretRecord,
    cards: EncryptedCard[],
  ): Promise<{ dek: string; cards: Record<string, CardData> }>;
  /** `cards` sealed under the DEK `dek`, as the seed's clients seal them. */
  sealCards(dek: string, cards: PlainCard[]): Promise<EncryptedCollection>;
  /** A passkey record's `encryptedDek` holding `plaintext` under the key that PRF output `prfOutput` gives. */
  passkeySeal(prfOutput: string, plaintext: string): Promise<{ ciphertext: string; iv: string }>;
}
