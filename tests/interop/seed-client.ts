/**
 * The seed's clients, as far as the data goes: what they write and how they open it, made with nothing but
 * node:crypto and the algorithm in DESIGN.md ("Crypto and wire formats"), no project code, so Sleeve cannot share a
 * bug with it.
 * - KEK: PBKDF2-HMAC-SHA-512, 210000 iterations, over the UTF-8 bytes of the password as typed, a 16-byte salt, 32
 *   bytes out, used as an AES-256-GCM key.
 * - The password record's `encryptedDek`: the UTF-8 text of the DEK's standard base64 (44 characters), AES-256-GCM
 *   under the KEK with a fresh 12-byte IV, the 16-byte tag appended (60 bytes).
 * - Each card: the UTF-8 JSON of `{number, expiry, cardholder, issuer, cvv, network, theme}` under the DEK, as
 *   `{id, data: {cipherText, iv}, modifiedAt}`.
 * base64 is standard with padding throughout.
 */
import { createCipheriv, createDecipheriv, hkdfSync, pbkdf2Sync, randomBytes } from 'node:crypto';

export const ITERATIONS = 210_000;
const TAG_LENGTH = 16;

export interface WireRecord {
  salt: string;
  encryptedDek: { ciphertext: string; iv: string };
  modifiedAt: number;
}
export interface WireCardData {
  number: string;
  expiry: string;
  cardholder: string;
  issuer: string;
  cvv: string;
  network: string;
  theme: string;
}
export interface WirePlainCard {
  id: string;
  data: WireCardData;
  modifiedAt: number;
}
export interface WireEncryptedCard {
  id: string;
  data: { cipherText: string; iv: string };
  modifiedAt: number;
}

/** Salt and IV to use instead of fresh random ones, for known-answer vectors. */
export interface Fixed {
  salt?: Buffer;
  iv?: Buffer;
}

export const kekOf = (password: string, salt: Buffer): Buffer =>
  pbkdf2Sync(Buffer.from(password, 'utf8'), salt, ITERATIONS, 32, 'sha512');

/** AES-256-GCM, tag appended; base64 of the result and of the IV. */
export function seal(key: Buffer, plaintext: Buffer, iv: Buffer = randomBytes(12)): { ciphertext: string; iv: string } {
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
  return { ciphertext: sealed.toString('base64'), iv: iv.toString('base64') };
}

/** AES-256-GCM opening; throws when the key, IV or ciphertext is wrong. */
export function open(key: Buffer, ivBase64: string, sealedBase64: string): Buffer {
  const sealed = Buffer.from(sealedBase64, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(ivBase64, 'base64'));
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_LENGTH));
  return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG_LENGTH)), decipher.final()]);
}

/** A record holding `plaintext` under the password's KEK: whatever a client put there, of any form. */
export function recordAround(password: string, plaintext: Buffer, modifiedAt: number, fixed: Fixed = {}): WireRecord {
  const salt = fixed.salt ?? randomBytes(16);
  return {
    salt: salt.toString('base64'),
    encryptedDek: seal(kekOf(password, salt), plaintext, fixed.iv),
    modifiedAt,
  };
}

/** The seed's password record for `dek`: the UTF-8 text of its base64, encrypted under the KEK. */
export const seedRecord = (password: string, dek: Buffer, modifiedAt: number, fixed: Fixed = {}): WireRecord =>
  recordAround(password, Buffer.from(dek.toString('base64'), 'utf8'), modifiedAt, fixed);

/** A record as Sleeve first wrote them: the DEK's 32 raw bytes under the KEK. */
export const rawRecord = (password: string, dek: Buffer, modifiedAt: number): WireRecord =>
  recordAround(password, dek, modifiedAt);

/**
 * The DEK, opened the seed's way: decrypt, read the text as standard base64 of exactly 32 bytes. Throws for a wrong
 * password, and for a record in any other form (Sleeve's raw one included), which the seed's clients cannot open.
 */
export function openSeedRecord(password: string, record: WireRecord): Buffer {
  const kek = kekOf(password, Buffer.from(record.salt, 'base64'));
  const text = open(kek, record.encryptedDek.iv, record.encryptedDek.ciphertext).toString('utf8');
  if (!/^[A-Za-z0-9+/]{43}=$/.test(text)) throw new Error('the record does not hold the base64 text of a key');
  return Buffer.from(text, 'base64');
}

export function sealCard(dek: Buffer, card: WirePlainCard): WireEncryptedCard {
  const { number, expiry, cardholder, issuer, cvv, network, theme } = card.data;
  const json = JSON.stringify({ number, expiry, cardholder, issuer, cvv, network, theme });
  const { ciphertext, iv } = seal(dek, Buffer.from(json, 'utf8'));
  return { id: card.id, data: { cipherText: ciphertext, iv }, modifiedAt: card.modifiedAt };
}

export function openCard(dek: Buffer, card: WireEncryptedCard): WireCardData {
  return JSON.parse(open(dek, card.data.iv, card.data.cipherText).toString('utf8')) as WireCardData;
}

/**
 * A passkey record's `encryptedDek` holding `plaintext`: AES-256-GCM under HKDF-SHA-256 of the PRF output (empty
 * salt, Sleeve's info, as worker/crypto/hkdf.ts documents). Only Sleeve writes passkey records; this checks it opens either form.
 */
export function passkeySeal(prfOutput: Buffer, plaintext: Buffer): { ciphertext: string; iv: string } {
  const key = Buffer.from(hkdfSync('sha256', prfOutput, Buffer.alloc(0), 'Sleeve passkey key-encryption key v1', 32));
  return seal(key, plaintext);
}
