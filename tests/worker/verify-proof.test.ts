/** The one-use proof a successful verify leaves for changeSecret: what it proves, for how long, and how it goes. */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { SecretRecord } from '../../src/domain/secret';
import type { DataKey } from '../../worker/crypto/keys';
import { generateDataKey } from '../../worker/crypto/records';
import { dropProof, leaveProof, takeProof, takeProofOf } from '../../worker/vault/verify-proof';

const T0 = 1_722_000_000_000;
const FIVE_MINUTES = 5 * 60 * 1000;

const record: SecretRecord = {
  salt: 'c2FsdHNhbHRzYWx0c2FsdA==',
  encryptedDek: { ciphertext: 'Y2lwaGVydGV4dA==', iv: 'aXZpdml2aXZpdml2' },
  modifiedAt: T0,
};

let now = T0;
let key: DataKey;

beforeEach(async () => {
  now = T0;
  vi.spyOn(Date, 'now').mockImplementation(() => now);
  key = await generateDataKey();
  dropProof();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the proof of a verify', () => {
  test('gives the key back for exactly the secret and record verified, once', () => {
    leaveProof('480213', record, key);
    expect(takeProof('480213', structuredClone(record))).toBe(key);
    expect(takeProof('480213', record)).toBeUndefined();
  });

  test('another secret gets nothing, and spends the proof', () => {
    leaveProof('480213', record, key);
    expect(takeProof('480214', record)).toBeUndefined();
    expect(takeProof('480213', record)).toBeUndefined();
  });

  test.each([
    ['salt', { ...record, salt: 'dGxhc3RsYXN0bGFzdGxhcw==' }],
    ['wrapped key', { ...record, encryptedDek: { ...record.encryptedDek, ciphertext: 'b3RoZXJ0ZXh0' } }],
    ['IV', { ...record, encryptedDek: { ...record.encryptedDek, iv: 'dml2aXZpdml2aXZp' } }],
    ['date', { ...record, modifiedAt: T0 + 1 }],
  ])('a record with another %s is another record: nothing, and the proof is spent', (_, other) => {
    leaveProof('480213', record, key);
    expect(takeProof('480213', other)).toBeUndefined();
    expect(takeProof('480213', record)).toBeUndefined();
  });

  test('lives five minutes', () => {
    leaveProof('480213', record, key);
    now = T0 + FIVE_MINUTES;
    expect(takeProof('480213', record)).toBe(key);

    leaveProof('480213', record, key);
    now += FIVE_MINUTES + 1;
    expect(takeProof('480213', record)).toBeUndefined();
  });

  test('is dropped on request, and replaced by the next one left', async () => {
    leaveProof('480213', record, key);
    dropProof();
    expect(takeProof('480213', record)).toBeUndefined();

    const other = await generateDataKey();
    leaveProof('480213', record, key);
    leaveProof('correct horse battery staple', record, other);
    expect(takeProof('480213', record)).toBeUndefined();
    leaveProof('480213', record, key);
    leaveProof('correct horse battery staple', record, other);
    expect(takeProof('correct horse battery staple', record)).toBe(other);
  });

  test('there is none before any verify', () => {
    expect(takeProof('480213', record)).toBeUndefined();
  });
});

describe('the proof of a verify, taken for its record alone (adding a passkey)', () => {
  test('gives the key back for the record verified, once, whatever the secret was', () => {
    leaveProof('480213', record, key);
    expect(takeProofOf(structuredClone(record))).toBe(key);
    expect(takeProofOf(record)).toBeUndefined();
  });

  test('another record gets nothing, and spends the proof', () => {
    leaveProof('480213', record, key);
    expect(takeProofOf({ ...record, modifiedAt: T0 + 1 })).toBeUndefined();
    expect(takeProofOf(record)).toBeUndefined();
    expect(takeProof('480213', record)).toBeUndefined();
  });

  test('lives five minutes, and is gone once dropped', () => {
    leaveProof('480213', record, key);
    now = T0 + FIVE_MINUTES + 1;
    expect(takeProofOf(record)).toBeUndefined();
    now = T0;
    leaveProof('480213', record, key);
    dropProof();
    expect(takeProofOf(record)).toBeUndefined();
  });
});
