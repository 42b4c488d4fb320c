/**
 * The storage door in real Chromium: the documented keys, unreadable values kept and never written over, changes all
 * or nothing, every write a read-modify-write under one cross-tab lock, the states that lose protection refused, and
 * other tabs' writes heard through `storage` events.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { EncryptedCollection, PlainCollection } from '../../src/domain/card';
import type { AuthRecords } from '../../src/domain/secret';
import type { DetailsCollection } from '../../src/domain/stored-details';
import {
  discard,
  isBlocked,
  loadAuth,
  loadCards,
  loadDetails,
  loadPreferences,
  onStorageChange,
  rawValue,
  STORAGE_KEYS,
  updateStorage,
} from '../../src/storage/local-storage';
import { fillQuota } from '../support/seed-storage';

const card = {
  id: 'Ab3dEf9h',
  modifiedAt: 1_700_000_000_000,
  data: {
    number: '4111111111111111',
    expiry: '12/29',
    cardholder: 'Ada Lovelace',
    issuer: 'First Bank',
    cvv: '123',
    network: 'VISA' as const,
    theme: 'SKY' as const,
  },
};
const collection: PlainCollection = { type: 'UNENCRYPTED', cards: { [card.id]: card } };
const withCard = (current: PlainCollection, id: string): PlainCollection => ({
  type: 'UNENCRYPTED',
  cards: { ...current.cards, [id]: { ...card, id } },
});
const record = {
  salt: 'AAAAAAAAAAAAAAAAAAAAAA==',
  encryptedDek: { ciphertext: 'B'.repeat(64), iv: 'CCCCCCCCCCCCCCCC' },
  modifiedAt: 1,
};
const encrypted: EncryptedCollection = {
  type: 'ENCRYPTED',
  cards: { Zz9yXx8w: { id: 'Zz9yXx8w', modifiedAt: 2, data: { cipherText: 'D'.repeat(40), iv: 'E'.repeat(16) } } },
};

const security = { lockAfterMinutes: 5, clipboardClearSeconds: 30, askBeforeShowingPins: false } as const;

describe('local store', () => {
  afterEach(async () => {
    await discard('cards', 'details', 'auth', 'preferences', 'outbox');
  });

  it('writes the documented keys and reads them back', async () => {
    await updateStorage(() => ({ cards: collection }));
    expect(JSON.parse(localStorage.getItem('sleeve/cards') ?? '')).toEqual(collection);
    expect(loadCards()).toEqual({ ok: true, value: collection });
    expect(loadPreferences()).toEqual({
      ok: true,
      value: {
        userInterface: { maskCardNumber: false },
        updates: { checkAtLaunch: true },
        security: { lockAfterMinutes: 5, clipboardClearSeconds: 30, askBeforeShowingPins: false },
      },
    });
  });

  it('reads the cards it wrote as the collection it wrote, and text another tab wrote afresh', async () => {
    const written = withCard(collection, 'Qq7wEr5t');
    await updateStorage(() => ({ cards: written }));
    // Neither parsed nor checked again: the text is the one this tab wrote (src/storage/cards-text.ts).
    expect(loadCards()).toEqual({ ok: true, value: written });
    expect((loadCards() as { value: unknown }).value).toBe(written);
    // Another tab writes other cards: they are read from their text.
    localStorage.setItem(STORAGE_KEYS.cards, JSON.stringify(encrypted));
    expect(loadCards()).toEqual({ ok: true, value: encrypted });
    // And a damaged text is refused as before, even where the same key held readable cards a moment ago.
    localStorage.setItem(STORAGE_KEYS.cards, JSON.stringify(written).slice(0, -1));
    expect(loadCards()).toEqual({ ok: false, reason: 'it is not valid JSON' });
    await discard('cards');
  });

  it('reports corrupt JSON, keeps it, and refuses to write over it until discarded', async () => {
    localStorage.setItem(STORAGE_KEYS.cards, '{"type": "UNENCRYPTED", "cards": ');
    expect(loadCards()).toEqual({ ok: false, reason: 'it is not valid JSON' });
    expect(isBlocked('cards')).toBe(true);
    await expect(updateStorage(() => ({ cards: collection }))).rejects.toThrow('nothing was changed');
    // Not even a change of another key goes through while one cannot be read: the read inside the lock fails.
    await expect(updateStorage(() => ({ auth: { password: null, pin: null, passkey: null } }))).rejects.toThrow(
      'could not be read',
    );
    expect(rawValue('cards')).toBe('{"type": "UNENCRYPTED", "cards": ');
    await discard('cards');
    await updateStorage(() => ({ cards: collection }));
    expect(loadCards()).toEqual({ ok: true, value: collection });
  });

  it('puts back what it already wrote when a later key overflows the quota', async () => {
    await updateStorage(() => ({
      preferences: { userInterface: { maskCardNumber: false }, updates: { checkAtLaunch: false }, security },
    }));
    const before = { prefs: rawValue('preferences'), cards: rawValue('cards') };
    const freeQuota = fillQuota();
    try {
      const big = structuredClone(collection);
      for (let i = 0; i < 50; i += 1) big.cards[`card${i}`] = { ...card, id: `card${i}` };
      await expect(
        // The preferences fit (they are shorter than before), the cards do not: both must end as they were.
        updateStorage(() => ({
          preferences: { userInterface: { maskCardNumber: true }, updates: { checkAtLaunch: true }, security },
          cards: big,
        })),
      ).rejects.toThrow(
        "This device's storage for Sleeve is full, so nothing was saved. Free some space and try again.",
      );
      expect(rawValue('preferences')).toBe(before.prefs);
      expect(rawValue('cards')).toBe(before.cards);
    } finally {
      freeQuota();
    }
  });

  it('applies each change to what is stored at that moment, so concurrent changes are all kept', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // The first change holds the lock while it works (as encrypting in the worker would); the second waits for it
    // and then reads the first one's result, instead of a copy taken before.
    const first = updateStorage(async (current) => {
      await held;
      return { cards: withCard(current.cards as PlainCollection, 'first001') };
    });
    const second = updateStorage((current) => ({ cards: withCard(current.cards as PlainCollection, 'second01') }));
    release();
    await Promise.all([first, second]);
    const stored = loadCards();
    expect(stored.ok && Object.keys(stored.value.cards).sort()).toEqual(['first001', 'second01']);
  });

  it('refuses plain cards beside a PIN or password record, and encrypted ones without a record', async () => {
    const auth: AuthRecords = { password: null, pin: record, passkey: null };
    await updateStorage(() => ({ cards: collection }));
    await expect(updateStorage(() => ({ auth }))).rejects.toThrow('refused to store cards unprotected');
    expect(rawValue('auth')).toBeNull();
    await updateStorage(() => ({ auth, cards: encrypted }));
    await expect(updateStorage(() => ({ cards: collection }))).rejects.toThrow('refused to store cards unprotected');
    await expect(updateStorage(() => ({ auth: { password: null, pin: null, passkey: null } }))).rejects.toThrow(
      'refused to store encrypted cards without the PIN or password',
    );
    expect(JSON.parse(rawValue('cards') ?? '')).toEqual(encrypted);
    expect(JSON.parse(rawValue('auth') ?? '')).toEqual(auth);
  });

  it('stores an empty collection of either kind beside any records: it holds nothing to protect', async () => {
    const auth: AuthRecords = { password: null, pin: record, passkey: null };
    const none: AuthRecords = { password: null, pin: null, passkey: null };
    await updateStorage(() => ({ auth, cards: { type: 'UNENCRYPTED', cards: {} } }));
    expect(JSON.parse(rawValue('auth') ?? '')).toEqual(auth);
    await updateStorage(() => ({ auth: none, cards: { type: 'ENCRYPTED', cards: {} } }));
    expect(JSON.parse(rawValue('cards') ?? '')).toEqual({ type: 'ENCRYPTED', cards: {} });
    await updateStorage(() => ({ auth, details: { type: 'UNENCRYPTED', details: {} } }));
    await updateStorage(() => ({ auth: none, details: { type: 'ENCRYPTED', details: {} } }));
    expect(JSON.parse(rawValue('auth') ?? '')).toEqual(none);
  });

  it("keeps the cards' details under their own key, checked on read, encrypted exactly when the cards are", async () => {
    const plainDetails: DetailsCollection = {
      type: 'UNENCRYPTED',
      details: { [card.id]: { id: card.id, data: { pin: '0481', notes: 'travel' }, modifiedAt: 3 } },
    };
    const sealedDetails: DetailsCollection = {
      type: 'ENCRYPTED',
      details: {
        Zz9yXx8w: { id: 'Zz9yXx8w', data: { cipherText: 'F'.repeat(40), iv: 'G'.repeat(16) }, modifiedAt: 4 },
      },
    };
    expect(loadDetails()).toEqual({ ok: true, value: { type: 'UNENCRYPTED', details: {} } });
    await updateStorage(() => ({ cards: collection, details: plainDetails }));
    expect(JSON.parse(rawValue('details') ?? '')).toEqual(plainDetails);
    // The card's own key holds exactly SPEC.md's shape: the details never go in there.
    expect(JSON.parse(rawValue('cards') ?? '')).toEqual(collection);
    const auth: AuthRecords = { password: null, pin: record, passkey: null };
    await expect(updateStorage(() => ({ auth, cards: encrypted }))).rejects.toThrow(
      "refused to store cards' details unprotected",
    );
    await updateStorage(() => ({ auth, cards: encrypted, details: sealedDetails }));
    await expect(
      updateStorage(() => ({ auth: { password: null, pin: null, passkey: null }, cards: collection })),
    ).rejects.toThrow("refused to store encrypted cards' details without the PIN or password");
    expect(JSON.parse(rawValue('details') ?? '')).toEqual(sealedDetails);
    localStorage.setItem(STORAGE_KEYS.details, '{"type": "ENCRYPTED", "details": []}');
    expect(loadDetails()).toEqual({ ok: false, reason: "it is not a set of cards' details" });
    await expect(updateStorage(() => ({ cards: encrypted }))).rejects.toThrow('Your saved details could not be read');
    expect(rawValue('details')).toBe('{"type": "ENCRYPTED", "details": []}');
  });

  it('keeps a passkey record only beside a PIN or password, and reads auth stored before passkeys as having none', async () => {
    const passkey = { credentialId: 'Q3JlZGVudGlhbA==', ...record, modifiedAt: 3 };
    // Stored by an earlier version: no passkey field at all.
    localStorage.setItem(STORAGE_KEYS.auth, JSON.stringify({ password: null, pin: record }));
    localStorage.setItem(STORAGE_KEYS.cards, JSON.stringify(encrypted));
    expect(loadAuth()).toEqual({ ok: true, value: { password: null, pin: record, passkey: null } });

    await updateStorage((current) => ({ auth: { ...current.auth, passkey } }));
    expect(JSON.parse(rawValue('auth') ?? '')).toEqual({ password: null, pin: record, passkey });
    // Removing the last PIN or password while the passkey stays is refused, and nothing changes.
    await expect(updateStorage(() => ({ auth: { password: null, pin: null, passkey } }))).rejects.toThrow(
      'refused to keep a passkey without a PIN or password',
    );
    expect(JSON.parse(rawValue('auth') ?? '')).toEqual({ password: null, pin: record, passkey });
    await updateStorage(() => ({ auth: { password: null, pin: null, passkey: null }, cards: collection }));
    expect(JSON.parse(rawValue('auth') ?? '')).toEqual({ password: null, pin: null, passkey: null });
  });

  it('reads a passkey record left with no PIN or password as none, and says when one is damaged', async () => {
    const passkey = { credentialId: 'Q3JlZGVudGlhbA==', ...record };
    localStorage.setItem(STORAGE_KEYS.auth, JSON.stringify({ password: null, pin: null, passkey }));
    expect(loadAuth()).toEqual({ ok: true, value: { password: null, pin: null, passkey: null } });
    localStorage.setItem(STORAGE_KEYS.auth, JSON.stringify({ password: null, pin: record, passkey: { salt: 'x' } }));
    expect(loadAuth()).toEqual({ ok: false, reason: 'its passkey record is damaged' });
    await discard('auth');
  });

  it("hears another tab's writes through storage events, and never its own", async () => {
    // A second document of this origin is another tab as far as storage is concerned.
    const frame = document.createElement('iframe');
    frame.src = '/';
    document.body.append(frame);
    await new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
    const heard: string[] = [];
    const stop = onStorageChange((name) => heard.push(name));
    try {
      await updateStorage(() => ({ cards: collection }));
      frame.contentWindow?.localStorage.setItem(STORAGE_KEYS.auth, JSON.stringify({ password: null, pin: null }));
      frame.contentWindow?.localStorage.setItem('someone-else/key', '1');
      await expect.poll(() => heard).toEqual(['auth']);
    } finally {
      stop();
      frame.remove();
    }
  });
});
