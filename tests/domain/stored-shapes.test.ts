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
    const prefs = {
      userInterface: { maskCardNumber: false },
      updates: { checkAtLaunch: true },
      security: { lockAfterMinutes: 15, clipboardClearSeconds: null, askBeforeShowingPins: true },
    };
    expect(checkPreferences(prefs)).toEqual({ ok: true, value: prefs });
  });

  it('reads preferences stored before the lock and clipboard settings with their defaults', () => {
    const before = { userInterface: { maskCardNumber: true }, updates: { checkAtLaunch: false } };
    expect(checkPreferences(before)).toEqual({
      ok: true,
      value: { ...before, security: { lockAfterMinutes: 5, clipboardClearSeconds: 30, askBeforeShowingPins: false } },
    });
    expect(checkPreferences({ ...before, security: { lockAfterMinutes: null } })).toEqual({
      ok: true,
      value: {
        ...before,
        security: { lockAfterMinutes: null, clipboardClearSeconds: 30, askBeforeShowingPins: false },
      },
    });
    expect(checkPreferences({ ...before, security: { clipboardClearSeconds: 120 } })).toEqual({
      ok: true,
      value: { ...before, security: { lockAfterMinutes: 5, clipboardClearSeconds: 120, askBeforeShowingPins: false } },
    });
  });

  it("reads 'Ask before showing PINs' as off where an older device never wrote it, and as stored where it did", () => {
    const before = { userInterface: { maskCardNumber: false }, updates: { checkAtLaunch: true } };
    const older = { lockAfterMinutes: 15, clipboardClearSeconds: 60 };
    expect(checkPreferences({ ...before, security: older })).toEqual({
      ok: true,
      value: { ...before, security: { ...older, askBeforeShowingPins: false } },
    });
    expect(checkPreferences({ ...before, security: { ...older, askBeforeShowingPins: true } })).toEqual({
      ok: true,
      value: { ...before, security: { ...older, askBeforeShowingPins: true } },
    });
  });

  it.each([
    [
      'a lock time not offered',
      { lockAfterMinutes: 7 },
      "its 'Lock after' setting is not 1, 5, 15 or 60 minutes or never",
    ],
    [
      'a lock time as text',
      { lockAfterMinutes: '5' },
      "its 'Lock after' setting is not 1, 5, 15 or 60 minutes or never",
    ],
    [
      'a clearing time not offered',
      { clipboardClearSeconds: 0 },
      'its clipboard setting is not 15, 30, 60 or 120 seconds or never',
    ],
    [
      "'Ask before showing PINs' as text",
      { askBeforeShowingPins: 'yes' },
      "its 'Ask before showing PINs' setting is not true or false",
    ],
    [
      "'Ask before showing PINs' as null",
      { askBeforeShowingPins: null },
      "its 'Ask before showing PINs' setting is not true or false",
    ],
    ['security settings that are not a set', 'never', 'its security settings are not a set of settings'],
    ['security settings that are null', null, 'its security settings are not a set of settings'],
  ])('refuses %s with a plain reason', (_label, security, reason) => {
    const stored = { userInterface: { maskCardNumber: false }, updates: { checkAtLaunch: true }, security };
    expect(checkPreferences(stored)).toEqual({ ok: false, reason });
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
