/**
 * Encrypted wallets made with nothing but node:crypto and the formats in DESIGN.md ("Crypto and wire formats"):
 * PBKDF2-HMAC-SHA-512 with 210000 iterations over the PIN's UTF-8 bytes and a 16-byte salt gives the KEK; the DEK
 * is 32 random bytes; every AES-256-GCM encryption uses a fresh 12-byte IV with the 16-byte tag appended; base64 is
 * standard with padding. Independent of the app's own code, so the benchmark cannot share a bug with it.
 */
import { createCipheriv, pbkdf2Sync, randomBytes } from 'node:crypto';

export const KDF_ITERATIONS = 210_000;

/**
 * @typedef {{ number: string, expiry: string, cardholder: string, issuer: string, cvv: string, network: string, theme: string }} CardData
 * @typedef {{ id: string, data: CardData, modifiedAt: number }} PlainCard
 * @typedef {{ id: string, data: { cipherText: string, iv: string }, modifiedAt: number }} EncryptedCard
 * @typedef {{ type: 'ENCRYPTED', cards: Record<string, EncryptedCard> }} EncryptedCollection
 * @typedef {{ type: 'UNENCRYPTED', cards: Record<string, PlainCard> }} PlainCollection
 * @typedef {{ salt: string, encryptedDek: { ciphertext: string, iv: string }, modifiedAt: number }} SecretRecord
 */

/**
 * AES-256-GCM with a fresh IV; returns base64 of ciphertext‖tag and of the IV.
 * @param {Buffer} key
 * @param {Buffer} plaintext
 */
export function seal(key, plaintext) {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
  return { ciphertext: sealed.toString('base64'), iv: iv.toString('base64') };
}

/**
 * A new DEK and a PIN (or password) record wrapping it. One derivation.
 * @param {string} secret
 * @param {number} [now]
 * @returns {{ dek: Buffer, record: SecretRecord }}
 */
export function makeSecret(secret, now = 1_700_000_000_000) {
  const dek = randomBytes(32);
  return { dek, record: recordFor(dek, secret, now) };
}

/**
 * A record wrapping an existing DEK under `secret` (a second secret for the same cards, e.g. an account password
 * beside the PIN). One derivation.
 * @param {Buffer} dek
 * @param {string} secret
 * @param {number} [now]
 * @returns {SecretRecord}
 */
export function recordFor(dek, secret, now = 1_700_000_000_000) {
  const salt = randomBytes(16);
  const kek = pbkdf2Sync(Buffer.from(secret, 'utf8'), salt, KDF_ITERATIONS, 32, 'sha512');
  const { ciphertext, iv } = seal(kek, dek);
  return { salt: salt.toString('base64'), encryptedDek: { ciphertext, iv }, modifiedAt: now };
}

/**
 * One card under the DEK; the plaintext is the card's JSON in the wire key order.
 * @param {Buffer} dek
 * @param {PlainCard} card
 * @returns {EncryptedCard}
 */
export function encryptCard(dek, card) {
  const { number, expiry, cardholder, issuer, cvv, network, theme } = card.data;
  const json = JSON.stringify({ number, expiry, cardholder, issuer, cvv, network, theme });
  const { ciphertext, iv } = seal(dek, Buffer.from(json, 'utf8'));
  return { id: card.id, data: { cipherText: ciphertext, iv }, modifiedAt: card.modifiedAt };
}

/**
 * @param {Buffer} dek
 * @param {readonly PlainCard[]} cards
 * @returns {EncryptedCollection}
 */
export function encryptCollection(dek, cards) {
  return { type: 'ENCRYPTED', cards: Object.fromEntries(cards.map((card) => [card.id, encryptCard(dek, card)])) };
}

/**
 * @param {readonly PlainCard[]} cards
 * @returns {PlainCollection}
 */
export function plainCollection(cards) {
  return { type: 'UNENCRYPTED', cards: Object.fromEntries(cards.map((card) => [card.id, card])) };
}
