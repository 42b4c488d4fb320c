import { describe, expect, it } from 'vitest';
import { sortOut } from '../../src/domain/stored-cards';
import { checkAuth, checkCollection, checkPreferences } from '../../src/domain/stored-shapes';

const plainCard = {
  id: 'Ab3dEf9h',
  modifiedAt: 1,
  data: {
    number: '4111111111111111',
    expiry: '12/29',
    cardholder: 'Ada',
    issuer: '',
    cvv: '',
    network: 'VISA',
    theme: 'SKY',
  },
};
const record = { salt: 'c2FsdA==', encryptedDek: { ciphertext: 'eA==', iv: 'aXY=' }, modifiedAt: 2 };

describe('checkCollection', () => {
  it('accepts the documented plain and encrypted shapes', () => {
    expect(checkCollection({ type: 'UNENCRYPTED', cards: { [plainCard.id]: plainCard } }).ok).toBe(true);
    const sealed = { id: 'x', modifiedAt: 1, data: { cipherText: 'YQ==', iv: 'Yg==' } };
    expect(checkCollection({ type: 'ENCRYPTED', cards: { x: sealed } }).ok).toBe(true);
  });

  it.each([
    ['an array', []],
    ['a wrong type', { type: 'PLAIN', cards: {} }],
    ['a card that is not an object', { type: 'UNENCRYPTED', cards: { x: 'card' } }],
  ])('refuses %s with a reason', (_label, value) => {
    const checked = checkCollection(value);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.reason).not.toBe('');
  });

  // One bad card never makes the whole collection unreadable: it is sorted out when opening, with its reason.
  it.each([
    ['a card under another id', { type: 'UNENCRYPTED', cards: { other: plainCard } }],
    ['a plain card in an encrypted collection', { type: 'ENCRYPTED', cards: { [plainCard.id]: plainCard } }],
    [
      'an unknown theme',
      { type: 'UNENCRYPTED', cards: { x: { ...plainCard, id: 'x', data: { ...plainCard.data, theme: 'GOLD' } } } },
    ],
  ])('accepts the collection but sorts out %s', (_label, value) => {
    const checked = checkCollection(value);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    const { wellFormed, unreadable } = sortOut(checked.value);
    expect(Object.keys(wellFormed.cards)).toEqual([]);
    expect(unreadable).toHaveLength(1);
    expect(unreadable[0]?.reason).not.toBe('');
  });
});

describe('checkAuth and checkPreferences', () => {
  it('accepts records or nulls, and the preference defaults', () => {
    expect(checkAuth({ password: null, pin: record })).toEqual({
      ok: true,
      value: { password: null, pin: record, passkey: null },
    });
    expect(checkAuth({})).toEqual({ ok: true, value: { password: null, pin: null, passkey: null } });
    const passkey = { ...record, credentialId: 'aWQ=' };
    expect(checkAuth({ password: record, pin: null, passkey })).toEqual({
      ok: true,
      value: { password: record, pin: null, passkey },
    });
    const prefs = { userInterface: { maskCardNumber: false }, updates: { checkAtLaunch: true } };
    expect(checkPreferences(prefs)).toEqual({ ok: true, value: prefs });
  });

  it('refuses damaged records and settings', () => {
    expect(checkAuth({ pin: { salt: 1 } }).ok).toBe(false);
    expect(checkAuth({ pin: record, passkey: record })).toEqual({ ok: false, reason: 'its passkey record is damaged' });
    expect(checkAuth('pin').ok).toBe(false);
    expect(checkPreferences({ userInterface: { maskCardNumber: 'yes' }, updates: { checkAtLaunch: true } }).ok).toBe(
      false,
    );
  });
});
