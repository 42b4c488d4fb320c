/**
 * The seed's clients (seed-client.ts) as Vitest browser commands: browser tests run in Chromium, where node:crypto is
 * not, and call these to make data the seed's way or to open what Sleeve wrote the seed's way, in Node.
 */
import { randomBytes } from 'node:crypto';
import type { BrowserCommand } from 'vitest/node';
import type { CardData, EncryptedCollection, PlainCard } from '../../src/domain/card';
import type { SecretRecord } from '../../src/domain/secret';
import type { SeedCommands } from '../support/seed-wire';
import { openCard, openSeedRecord, passkeySeal, recordAround, sealCard, seedRecord } from './seed-client.ts';

type Commands = {
  [Name in keyof SeedCommands]: BrowserCommand<Parameters<SeedCommands[Name]>, ReturnType<SeedCommands[Name]>>;
};

const bytes = (base64: string) => Buffer.from(base64, 'base64');

const sealed = (dek: Buffer, cards: PlainCard[]): EncryptedCollection => ({
  type: 'ENCRYPTED',
  cards: Object.fromEntries(cards.map((card) => [card.id, sealCard(dek, card)])),
});

export const seedCommands: Commands = {
  async seedWallet(_, password, cards, modifiedAt) {
    const dek = randomBytes(32);
    return {
      dek: dek.toString('base64'),
      record: seedRecord(password, dek, modifiedAt) as SecretRecord,
      collection: sealed(dek, cards),
    };
  },
  async seedRecord(_, password, dek, modifiedAt, salt, iv) {
    return seedRecord(password, bytes(dek), modifiedAt, { salt: bytes(salt), iv: bytes(iv) });
  },
  async recordAround(_, password, plaintext, modifiedAt) {
    return recordAround(password, bytes(plaintext), modifiedAt);
  },
  async openTheSeedWay(_, password, record, cards) {
    const dek = openSeedRecord(password, record);
    const opened: Record<string, CardData> = {};
    for (const card of cards) opened[card.id] = openCard(dek, card) as CardData;
    return { dek: dek.toString('base64'), cards: opened };
  },
  async sealCards(_, dek, cards) {
    return sealed(bytes(dek), cards);
  },
  async passkeySeal(_, prfOutput, plaintext) {
    return passkeySeal(bytes(prfOutput), bytes(plaintext));
  },
};
