/**
 * What Sleeve and the server really hold, made from a seed: collections plain and encrypted, auth and passkey
 * records, preferences, the outbox and the server's cards. The corpus damages these (damage.ts).
 */
import { makeCard, makeCardId, pick, type Random, randomInt } from '../seeded';
import { ownObject } from './values';

export function randomBytes(random: Random, length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  for (let index = 0; index < length; index++) bytes[index] = randomInt(random, 256);
  return bytes;
}

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

const time = (random: Random): number => 1_700_000_000_000 + randomInt(random, 100_000_000);

function cardCount(random: Random): number {
  const roll = random();
  if (roll < 0.1) return 0;
  if (roll < 0.97) return 1 + randomInt(random, 6);
  return 20 + randomInt(random, 80);
}

function byId<T extends { id: string }>(cards: readonly T[]): Record<string, unknown> {
  return ownObject(cards.map((card) => [card.id, card] as const));
}

export function buildEncryptedCard(random: Random, id = makeCardId(random)) {
  return {
    id,
    data: {
      cipherText: toBase64(randomBytes(random, 80 + randomInt(random, 60))),
      iv: toBase64(randomBytes(random, 12)),
    },
    modifiedAt: time(random),
  };
}

export function buildRecord(random: Random) {
  return {
    salt: toBase64(randomBytes(random, 16)),
    encryptedDek: {
      ciphertext: toBase64(randomBytes(random, pick(random, [48, 60]))),
      iv: toBase64(randomBytes(random, 12)),
    },
    modifiedAt: time(random),
  };
}

export const buildPlainCollection = (random: Random) => ({
  type: 'UNENCRYPTED',
  cards: byId(Array.from({ length: cardCount(random) }, () => makeCard(random))),
});

export const buildEncryptedCollection = (random: Random) => ({
  type: 'ENCRYPTED',
  cards: byId(Array.from({ length: cardCount(random) }, () => buildEncryptedCard(random))),
});

export const buildCollection = (random: Random) =>
  random() < 0.5 ? buildPlainCollection(random) : buildEncryptedCollection(random);

/** A passkey record: the credential id and PRF input (32 bytes) beside a wrapped key. */
export function buildPasskeyRecord(random: Random) {
  return {
    credentialId: toBase64(randomBytes(random, pick(random, [16, 32, 64]))),
    ...buildRecord(random),
    salt: toBase64(randomBytes(random, 32)),
  };
}

/**
 * Auth as stored: without a password record unless asked (one would mean an account on this device); with
 * `withPasskey`, a passkey record too (as this version writes it), else none at all (as before).
 */
export const buildAuth = (random: Random, withPassword = false, withPasskey = false) => ({
  password: withPassword ? buildRecord(random) : null,
  pin: random() < 0.6 ? buildRecord(random) : null,
  ...(withPasskey ? { passkey: random() < 0.7 ? buildPasskeyRecord(random) : null } : {}),
});

/** Without `security` at times, as versions before the lock and clipboard settings stored them. */
export function buildPreferences(random: Random) {
  const preferences: {
    userInterface: { maskCardNumber: boolean };
    updates: { checkAtLaunch: boolean };
    security?: { lockAfterMinutes: number | null; clipboardClearSeconds: number | null };
  } = {
    userInterface: { maskCardNumber: random() < 0.5 },
    updates: { checkAtLaunch: random() < 0.5 },
  };
  if (random() < 0.7) {
    preferences.security = {
      lockAfterMinutes: pick(random, [1, 5, 15, 60, null]),
      clipboardClearSeconds: pick(random, [15, 30, 60, 120, null]),
    };
  }
  return preferences;
}

export function buildOutboxEntry(random: Random, id = makeCardId(random)) {
  return random() < 0.3 ? { id, deleted: true, modifiedAt: time(random) } : buildEncryptedCard(random, id);
}

export function buildOutbox(random: Random, ids: readonly string[] = []) {
  const count = randomInt(random, 5);
  const chosen = [...ids.filter(() => random() < 0.4)];
  while (chosen.length < count) chosen.push(makeCardId(random));
  return {
    uid: random() < 0.8 ? `uid${makeCardId(random)}` : null,
    cards: byId(chosen.map((id) => buildOutboxEntry(random, id))),
  };
}

/** What the server holds under `{uid}/cards`: a map of encrypted cards, or nothing at all. */
export function buildServerCards(random: Random): unknown {
  if (random() < 0.05) return null;
  return byId(Array.from({ length: cardCount(random) }, () => buildEncryptedCard(random)));
}
