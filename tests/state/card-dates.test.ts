/**
 * Dates that cannot freeze a card, against the real local backend and its rules: imported cards dated ahead of now
 * reach the server all the same, and a card another device dated ahead of this device's clock still takes this
 * device's edit or deletion; one dated further ahead than the server accepts is said so, and nothing is lost.
 */
import { signOut as firebaseSignOut } from 'firebase/auth';
import { ref, set } from 'firebase/database';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { PlainCard } from '../../src/domain/card';
import { DateMessages } from '../../src/domain/card-dates';
import { readImportFile } from '../../src/domain/transfer/read-file';
import { getEngine } from '../../src/engine';
import { auth } from '../../src/remote/firebase';
import { cardsState, deleteCard, saveCard } from '../../src/state/cards';
import { signOut } from '../../src/state/leave';
import { startApp } from '../../src/state/lifecycle';
import { continueSignIn, createAccountPassword } from '../../src/state/sign-in';
import { storedCollection } from '../../src/state/store';
import { buildPreview, importCards, openBackupFile } from '../../src/state/transfer';
import { rejectionOf } from '../support/engine-rejection';
import { googleSignIn, serverValue, uniqueSub, writeRulesAside } from '../support/google';
import { database } from '../support/page-database';
import { seedPlainCards } from '../support/seed-storage';
import { makeCards } from '../support/seeded';
import { errorToasts } from '../support/toasts';

const PASSWORD = 'Account password 1!';
const PASSPHRASE = 'A backup passphrase for dates';
const YEAR = 365 * 24 * 60 * 60 * 1000;
const [kept] = makeCards(2201, 1) as [PlainCard];

let uid = '';
const shownIds = () => cardsState.cards.map((card) => card.id).sort();
const serverCards = async () => ((await serverValue(`${uid}/cards`)) as Record<string, { modifiedAt: number }>) ?? {};
const serverIds = async () => Object.keys(await serverCards()).sort();
const outboxCards = () => JSON.parse(localStorage.getItem('sleeve/outbox') ?? 'null')?.cards ?? {};
const shownHolder = () => cardsState.cards.find((card) => card.id === kept.id)?.data.cardholder;
const shownDate = () => cardsState.cards.find((card) => card.id === kept.id)?.modifiedAt;

/** The server's copy of `kept`, dated `modifiedAt`, as another device's client writes it. */
async function anotherDeviceDates(modifiedAt: number, rulesAside = false): Promise<void> {
  const path = `${uid}/cards/${kept.id}`;
  const copy = { ...((await serverValue(path)) as object), modifiedAt };
  if (rulesAside) await writeRulesAside(path, copy);
  else await set(ref(database, path), copy);
  await expect.poll(shownDate).toBe(modifiedAt);
}

/** A new account, created from a device that holds `cards`, which go up to it. */
async function signInWith(cards: readonly PlainCard[]): Promise<void> {
  seedPlainCards(cards);
  await startApp();
  uid = await googleSignIn(uniqueSub());
  await continueSignIn();
  await createAccountPassword(PASSWORD);
}

beforeEach(async () => {
  await getEngine().lock();
});

afterEach(async () => {
  if (auth.currentUser) await signOut();
  await firebaseSignOut(auth);
});

describe('signing in', () => {
  test('cards this device dated a year ahead (its clock ran fast) go up to a new account, dated now', async () => {
    const ahead = makeCards(2203, 5).map((card, index) => ({ ...card, modifiedAt: Date.now() + YEAR + index }));
    await signInWith(ahead);
    const wanted = ahead.map((card) => card.id).sort();
    await expect.poll(serverIds).toEqual(wanted);
    await expect.poll(shownIds).toEqual(wanted);
    for (const card of Object.values(await serverCards())) expect(card.modifiedAt).toBeLessThan(Date.now() + 1_000);
  });
});

describe('an import', () => {
  beforeEach(async () => {
    await signInWith([kept]);
    await expect.poll(serverIds).toEqual([kept.id]);
  });

  test('a backup whose cards are dated a year ahead lands on the server whole: none refused, none left waiting', async () => {
    const errors = errorToasts();
    const ahead = makeCards(2202, 20).map((card, index) => ({ ...card, modifiedAt: Date.now() + YEAR + index }));
    const file = await getEngine().sealBackup(PASSPHRASE, ahead);
    const read = await readImportFile(new TextEncoder().encode(file), () => 'ROSE');
    if (read.kind !== 'backup') throw new Error(`read as ${read.kind}`);
    const parse = await openBackupFile(PASSPHRASE, read.text);
    if (!parse) throw new Error('the passphrase did not open the backup');
    const preview = buildPreview(parse);
    expect(preview.add).toHaveLength(20);

    expect(await importCards(preview.add.map((entry) => entry.card))).toBe(20);
    const wanted = [kept.id, ...ahead.map((card) => card.id)].sort();
    await expect.poll(serverIds, { timeout: 15_000 }).toEqual(wanted);
    await expect.poll(() => cardsState.waiting).toBe(0);
    expect(outboxCards()).toEqual({});
    expect(shownIds()).toEqual(wanted);
    // Dated now rather than a year ahead, so no later change on any device gives way to them.
    for (const card of Object.values(await serverCards())) expect(card.modifiedAt).toBeLessThan(Date.now() + 1_000);
    expect(errors).toEqual([]);
  });
});

describe('a card another device dated ahead of this device’s clock', () => {
  beforeEach(async () => {
    await signInWith([kept]);
    await expect.poll(serverIds).toEqual([kept.id]);
  });

  test('four minutes ahead: this device’s edit replaces it on the server', async () => {
    const errors = errorToasts();
    const ahead = Date.now() + 4 * 60_000;
    await anotherDeviceDates(ahead);
    await saveCard({ id: kept.id, data: { ...kept.data, cardholder: 'Edited Here' } });
    await expect.poll(() => cardsState.waiting).toBe(0);
    await expect.poll(async () => (await serverCards())[kept.id]?.modifiedAt).toBe(ahead + 1);
    await expect.poll(shownHolder).toBe('Edited Here');
    expect(outboxCards()).toEqual({});
    expect(errors).toEqual([]);
  });

  test('four minutes ahead: this device’s deletion removes it from the server and the screen', async () => {
    await anotherDeviceDates(Date.now() + 4 * 60_000);
    await deleteCard(kept.id);
    await expect.poll(() => cardsState.waiting).toBe(0);
    await expect.poll(serverIds).toEqual([]);
    expect(shownIds()).toEqual([]);
  });

  test('further ahead than the server accepts: the edit is refused with why, nothing changes, it can still be deleted', async () => {
    const ahead = Date.now() + 60 * 60_000;
    await anotherDeviceDates(ahead, true);
    const before = await serverCards();
    const refusal = await rejectionOf(saveCard({ id: kept.id, data: { ...kept.data, cardholder: 'Edited Here' } }));
    expect(refusal.message).toBe(DateMessages.datedAhead);
    expect(outboxCards()).toEqual({});
    expect(cardsState.waiting).toBe(0);
    expect(shownHolder()).toBe(kept.data.cardholder);
    expect(await serverCards()).toEqual(before);

    // Deleted once this device holds the card as the other device dated it: no record the rules take can be dated
    // after it, so the card goes without one.
    await expect.poll(() => storedCollection().cards[kept.id]?.modifiedAt).toBe(ahead);
    await deleteCard(kept.id);
    await expect.poll(serverIds).toEqual([]);
    await expect.poll(() => cardsState.waiting).toBe(0);
    expect(await serverValue(`${uid}/deleted`)).toBeNull();
    expect(shownIds()).toEqual([]);
  });
});
