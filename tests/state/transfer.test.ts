/**
 * Export and import through the real worker and real storage: a 1,000-card wallet goes out as an encrypted backup,
 * the device is erased, and the backup brings back every card exactly; imported cards are encrypted whenever a PIN
 * exists and sync like any other card when signed in; a failure stores nothing; nothing already stored (a duplicate,
 * a card that could not be opened) is overwritten or lost.
 */
import { signOut as firebaseSignOut } from 'firebase/auth';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { CardData, PlainCard } from '../../src/domain/card';
import { BRAND_RULES, detectNetwork } from '../../src/domain/card-brands';
import { NO_DETAILS } from '../../src/domain/card-details';
import { getEngine } from '../../src/engine';
import { auth } from '../../src/remote/firebase';
import { cardsState } from '../../src/state/cards';
import { signOut } from '../../src/state/leave';
import { eraseDevice, startApp } from '../../src/state/lifecycle';
import { lockDevice } from '../../src/state/lock';
import { createPin } from '../../src/state/pin-changes';
import { unlockWithPin } from '../../src/state/secrets';
import { continueSignIn, createAccountPassword } from '../../src/state/sign-in';
import { exportBackup, exportPlain, importCards } from '../../src/state/transfer';
import { googleSignIn, serverValue, uniqueSub } from '../support/google';
import { PASSPHRASE, previewOf } from '../support/import-preview';
import { fillQuota, seedPlainCards, storedJson } from '../support/seed-storage';
import { makeCards } from '../support/seeded';

const PIN = '274951';
const FIELDS: (keyof CardData)[] = ['number', 'expiry', 'cardholder', 'issuer', 'cvv', 'network', 'theme'];

/** Every card of `actual` equal to its counterpart in `expected`: id, date and each field, named when one differs. */
function expectSameCards(actual: readonly PlainCard[], expected: readonly PlainCard[]): void {
  expect(actual).toHaveLength(expected.length);
  const wanted = new Map(expected.map((card) => [card.id, card]));
  for (const card of actual) {
    const original = wanted.get(card.id);
    expect(original, `card ${card.id} was not in the wallet`).toBeDefined();
    expect(card.modifiedAt, `${card.id} date`).toBe(original?.modifiedAt);
    for (const field of FIELDS) expect(card.data[field], `${card.id} ${field}`).toBe(original?.data[field]);
  }
}

/**
 * A seeded card as the card form would keep it: the network its number shows, the number and CVV as long as that
 * network's are. Seeded cards pick any network for any 16 digits, which a plain file brings back through the form's
 * rules (a 16-digit 'American Express' number is refused); a backup brings back every card as it is.
 */
function asTheFormKeepsIt(card: PlainCard): PlainCard {
  const network = detectNetwork(card.data.number);
  const { maxDigits, cvvDigits } = BRAND_RULES[network];
  const cvv = card.data.cvv === '' ? '' : card.data.cvv.padEnd(cvvDigits, '7').slice(0, cvvDigits);
  return { ...card, data: { ...card.data, network, number: card.data.number.slice(0, maxDigits), cvv } };
}

beforeEach(async () => {
  await getEngine().lock();
});

describe('the round trip', () => {
  test('export a backup of 1,000 cards, erase the device, import it: every card comes back exactly', async () => {
    const wallet = makeCards(2411, 1000);
    seedPlainCards(wallet);
    await startApp();
    const file = await exportBackup(PASSPHRASE, new Date(Date.UTC(2026, 10, 23)));
    expect(file.count).toBe(1000);
    expect(file.fileName).toBe('sleeve-backup-2026-11-23.json');

    await eraseDevice();
    expect(cardsState.cards).toEqual([]);
    expect(localStorage.getItem('sleeve/cards')).toBeNull();

    const preview = await previewOf(file.parts.join(''));
    expect(preview.add).toHaveLength(1000);
    expect(preview.already).toEqual([]);
    expect(preview.cannot).toEqual([]);
    expect(await importCards(preview.add.map((entry) => entry.card))).toBe(1000);

    const stored = storedJson('cards') as { type: string; cards: Record<string, PlainCard> };
    expect(stored.type).toBe('UNENCRYPTED');
    expectSameCards(Object.values(stored.cards), wallet);
    expectSameCards(cardsState.cards, wallet);
    // Newest first, as before.
    expect(cardsState.cards.map((card) => card.id)).toEqual(
      [...wallet].sort((a, b) => b.modifiedAt - a.modifiedAt).map((card) => card.id),
    );
  });

  test('with a PIN on both sides, 1,000 imported cards are stored encrypted and open with the new PIN', async () => {
    const wallet = makeCards(2412, 1000);
    seedPlainCards(wallet);
    await startApp();
    await createPin(PIN);
    const file = await exportBackup(PASSPHRASE);

    await eraseDevice();
    await createPin('802461');
    const preview = await previewOf(file.parts.join(''));
    await importCards(preview.add.map((entry) => entry.card));

    const stored = storedJson('cards') as { type: string; cards: Record<string, { data: object }> };
    expect(stored.type).toBe('ENCRYPTED');
    expect(Object.keys(stored.cards)).toHaveLength(1000);
    for (const card of Object.values(stored.cards)) {
      expect(Object.keys(card.data)).toEqual(['cipherText', 'iv']);
    }
    expect(localStorage.getItem('sleeve/cards')).not.toContain(wallet[0]?.data.number);
    // A fresh unlock opens them from storage, every one exactly.
    await lockDevice();
    expect(cardsState.cards).toEqual([]);
    await unlockWithPin('802461');
    expect(cardsState.unreadable).toEqual([]);
    expectSameCards(cardsState.cards, wallet);
  });

  test('a plain export read back adds every card once; importing it again adds none', async () => {
    const wallet = makeCards(2413, 30).map(asTheFormKeepsIt);
    seedPlainCards(wallet);
    await startApp();
    for (const format of ['bitwarden', 'cxf'] as const) {
      const preview = await previewOf((await exportPlain(format)).parts.join(''));
      expect(preview.add).toEqual([]);
      expect(preview.already).toHaveLength(30);
      expect(preview.already.every((entry) => entry.reason === 'Sleeve already has this card')).toBe(true);
    }
  });
});

describe('storing an import', () => {
  const [existing, other] = makeCards(2414, 2) as [PlainCard, PlainCard];

  test('new cards get new ids and today’s date, a millisecond apart, so Home lists them in the file’s order', async () => {
    seedPlainCards([existing]);
    await startApp();
    const now = 1_800_000_000_000;
    const incoming = makeCards(2415, 3).map((card) => ({ data: card.data, changes: [], details: NO_DETAILS }));
    await importCards(incoming, now);
    const added = cardsState.cards.filter((card) => card.id !== existing.id);
    expect(added.map((card) => card.data.number)).toEqual(incoming.map((card) => card.data.number));
    expect(added.map((card) => card.modifiedAt)).toEqual([now, now - 1, now - 2]);
    expect(new Set(cardsState.cards.map((card) => card.id)).size).toBe(4);
    expect(Object.keys((storedJson('cards') as { cards: object }).cards)).toHaveLength(4);
  });

  test('a backup card whose id is taken here comes in under a new id; the card already there stays as it was', async () => {
    seedPlainCards([existing]);
    await startApp();
    const before = localStorage.getItem('sleeve/cards') ?? '';
    await importCards([
      { id: existing.id, data: other.data, modifiedAt: other.modifiedAt, changes: [], details: NO_DETAILS },
    ]);
    const stored = (storedJson('cards') as { cards: Record<string, PlainCard> }).cards;
    expect(stored[existing.id]).toEqual(JSON.parse(before).cards[existing.id]);
    const [newId] = Object.keys(stored).filter((id) => id !== existing.id);
    expect(newId).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(stored[newId as string]).toEqual({ id: newId, data: other.data, modifiedAt: other.modifiedAt });
  });

  test('a card with the same number and expiry is listed as already there and never overwritten', async () => {
    seedPlainCards([existing]);
    await startApp();
    const file = JSON.stringify({
      encrypted: false,
      items: [
        {
          type: 3,
          name: 'Changed elsewhere',
          card: {
            cardholderName: 'Somebody Else',
            number: existing.data.number,
            expMonth: existing.data.expiry.slice(0, 2),
            expYear: `20${existing.data.expiry.slice(3)}`,
            code: '999',
          },
        },
      ],
    });
    const preview = await previewOf(file);
    expect(preview.add).toEqual([]);
    expect(preview.already).toHaveLength(1);
    expect(preview.already[0]?.reason).toMatch(
      /^Sleeve already has this number and expiry with a different cardholder/,
    );
    expect(cardsState.cards).toEqual([existing]);
  });

  test('when storage is full nothing is stored, not one card of the import, and the screen is unchanged', async () => {
    seedPlainCards([existing]);
    await startApp();
    const before = [localStorage.getItem('sleeve/cards'), localStorage.getItem('sleeve/auth')];
    const free = fillQuota();
    try {
      const incoming = makeCards(2416, 200).map((card) => ({ data: card.data, changes: [], details: NO_DETAILS }));
      await expect(importCards(incoming)).rejects.toThrow(
        "This device's storage for Sleeve is full, so nothing was saved. Free some space and try again.",
      );
    } finally {
      free();
    }
    expect([localStorage.getItem('sleeve/cards'), localStorage.getItem('sleeve/auth')]).toEqual(before);
    expect(cardsState.cards).toEqual([existing]);
  });

  test('cards that could not be opened stay stored exactly as they were, and stay listed', async () => {
    const damaged = { id: 'Damaged1', data: { ...existing.data, network: 'PLAID' }, modifiedAt: 5 };
    localStorage.setItem(
      'sleeve/cards',
      JSON.stringify({ type: 'UNENCRYPTED', cards: { [existing.id]: existing, Damaged1: damaged } }),
    );
    await startApp();
    expect(cardsState.unreadable.map((card) => card.id)).toEqual(['Damaged1']);
    await importCards([{ data: other.data, changes: [], details: NO_DETAILS }]);
    expect((storedJson('cards') as { cards: Record<string, unknown> }).cards.Damaged1).toEqual(damaged);
    expect(cardsState.unreadable.map((card) => card.id)).toEqual(['Damaged1']);
    expect(cardsState.cards).toHaveLength(2);
  });
});

describe('signed in', () => {
  afterEach(async () => {
    if (auth.currentUser) await signOut();
    await firebaseSignOut(auth);
  });

  test('imported cards wait in the outbox, encrypted, and reach the server like any other card', async () => {
    seedPlainCards([]);
    await startApp();
    const uid = await googleSignIn(uniqueSub());
    await continueSignIn();
    await createAccountPassword('Account password 1!');
    const incoming = makeCards(2417, 12);
    await importCards(incoming.map((card) => ({ data: card.data, changes: [], details: NO_DETAILS })));
    expect(cardsState.cards).toHaveLength(12);
    expect(localStorage.getItem('sleeve/outbox')).not.toContain(incoming[0]?.data.number);
    const serverCards = async () => Object.values(((await serverValue(`${uid}/cards`)) as object | null) ?? {});
    await expect.poll(async () => (await serverCards()).length, { timeout: 15_000 }).toBe(12);
    for (const card of (await serverCards()) as { data: object }[]) {
      expect(Object.keys(card.data)).toEqual(['cipherText', 'iv']);
    }
    await expect.poll(() => cardsState.waiting).toBe(0);
  });
});
