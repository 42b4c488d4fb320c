import { describe, expect, it } from 'vitest';
import { Messages } from '../../src/domain/errors';
import {
  checkDetailsCollection,
  type DetailsCollection,
  emptyDetailsCollection,
  sameStoredDetails,
  withoutDetails,
  withStoredDetails,
} from '../../src/domain/stored-details';

const plain = (id: string) => ({ id, data: { notes: `about ${id}` }, modifiedAt: 1 });
const sealed = (id: string) => ({ id, data: { cipherText: 'A'.repeat(40), iv: 'B'.repeat(16) }, modifiedAt: 2 });

describe("the cards' details as stored", () => {
  it('take a record under its card id, replacing that card’s, and drop it again', () => {
    let stored = withStoredDetails(emptyDetailsCollection(), plain('Ab3dE6gH'));
    stored = withStoredDetails(stored, plain('Zz9yX8wV'));
    stored = withStoredDetails(stored, { ...plain('Ab3dE6gH'), modifiedAt: 5 });
    expect(Object.keys(stored.details)).toEqual(['Ab3dE6gH', 'Zz9yX8wV']);
    expect(stored.details.Ab3dE6gH?.modifiedAt).toBe(5);
    expect(withoutDetails(stored, ['Ab3dE6gH']).details).toEqual({ Zz9yX8wV: plain('Zz9yX8wV') });
  });

  it('never mix encrypted and plain records, and an empty set takes the form of its first', () => {
    const encrypted = withStoredDetails(emptyDetailsCollection(), sealed('Ab3dE6gH'));
    expect(encrypted.type).toBe('ENCRYPTED');
    expect(() => withStoredDetails(encrypted, plain('Zz9yX8wV'))).toThrow(Messages.mixedCollection);
    // The one record there replaced by its own new form (a wallet whose only card's details were just encrypted).
    expect(withStoredDetails(encrypted, plain('Ab3dE6gH')).type).toBe('UNENCRYPTED');
  });

  it('are read only as a type and a map of records', () => {
    const good: DetailsCollection = { type: 'ENCRYPTED', details: { Ab3dE6gH: sealed('Ab3dE6gH') } };
    expect(checkDetailsCollection(good)).toEqual({ ok: true, value: good });
    expect(checkDetailsCollection({ type: 'PLAIN', details: {} })).toEqual({
      ok: false,
      reason: 'its type is neither ENCRYPTED nor UNENCRYPTED',
    });
    for (const bad of [null, [], { type: 'ENCRYPTED' }, { type: 'ENCRYPTED', details: { a: 'x' } }]) {
      expect(checkDetailsCollection(bad).ok).toBe(false);
    }
  });

  it('are the same only with the same records, dates and data', () => {
    const of = (...records: ReturnType<typeof sealed>[]): DetailsCollection => ({
      type: 'ENCRYPTED',
      details: Object.fromEntries(records.map((record) => [record.id, record])),
    });
    const a = sealed('Ab3dE6gH');
    const b = sealed('Zz9yX8wV');
    expect(sameStoredDetails(of(a, b), of(b, a))).toBe(true);
    expect(sameStoredDetails(of(a), of(a, b))).toBe(false);
    expect(sameStoredDetails(of(a), of({ ...a, modifiedAt: 3 }))).toBe(false);
    expect(sameStoredDetails(of(a), of({ ...a, data: { ...a.data, iv: 'C'.repeat(16) } }))).toBe(false);
    expect(sameStoredDetails(of(), emptyDetailsCollection())).toBe(false);
  });
});
