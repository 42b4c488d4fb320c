/**
 * The sync session against the real local backend: changes made while the connection is down wait in the outbox on
 * this device (encrypted), are shown as waiting rather than failed, survive a fresh page, and reach the server when
 * the connection returns; what the server holds that is not a card is reported and never written over.
 */
import { signOut as firebaseSignOut } from 'firebase/auth';
import { goOffline, goOnline, ref, set } from 'firebase/database';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { getEngine } from '../../src/engine';
import { auth, database } from '../../src/remote/firebase';
import { continueSignIn, createAccountPassword, signOut } from '../../src/state/account';
import { startApp } from '../../src/state/app';
import { cardsState, deleteAllCards, deleteCard, saveCard } from '../../src/state/cards';
import { unlockWithPassword } from '../../src/state/secrets';
import { toastState } from '../../src/state/toast';
import { googleSignIn, serverValue, uniqueSub, writeRulesAside } from '../support/google';
import { seedPlainCards } from '../support/seed-storage';
import { makeCards } from '../support/seeded';

const PASSWORD = 'Account password 1!';
const [kept, added] = makeCards(71, 2) as [ReturnType<typeof makeCards>[0], ReturnType<typeof makeCards>[0]];

let uid = '';
const shownIds = () => cardsState.cards.map((card) => card.id).sort();
const serverIds = async () => Object.keys(((await serverValue(`${uid}/cards`)) as object | null) ?? {}).sort();
const outbox = () => JSON.parse(localStorage.getItem('sleeve/outbox') ?? 'null');

/** A fresh page of this device: the account's session resumes from what is stored, then the password unlocks. */
async function freshPage(): Promise<void> {
  await getEngine().lock();
  await startApp();
  await unlockWithPassword(PASSWORD);
}

beforeEach(async () => {
  seedPlainCards([kept]);
  await getEngine().lock();
  await startApp();
  uid = await googleSignIn(uniqueSub());
  await continueSignIn();
  await createAccountPassword(PASSWORD);
  await expect.poll(shownIds).toEqual([kept.id]);
});

afterEach(async () => {
  goOnline(database);
  if (auth.currentUser) await signOut();
  await firebaseSignOut(auth);
});

describe('offline', () => {
  test('an edit waits in the outbox, encrypted, then reaches the server when the connection returns', async () => {
    goOffline(database);
    const id = await saveCard({ data: added.data });
    // Shown at once, counted as waiting, and no error: it may still land.
    expect(shownIds()).toEqual([kept.id, id].sort());
    expect(cardsState.waiting).toBe(1);
    expect(toastState.visible && toastState.type === 'ERROR').toBe(false);
    const waiting = outbox();
    expect(waiting.uid).toBe(uid);
    expect(Object.keys(waiting.cards)).toEqual([id]);
    expect(waiting.cards[id].data).toEqual({ cipherText: expect.any(String), iv: expect.any(String) });
    expect(localStorage.getItem('sleeve/outbox')).not.toContain(added.data.number);

    goOnline(database);
    await expect.poll(serverIds).toEqual([kept.id, id].sort());
    await expect.poll(() => cardsState.waiting).toBe(0);
    expect(outbox().cards).toEqual({});
  });

  test('what waits survives a fresh page, and is sent from there', async () => {
    goOffline(database);
    const id = await saveCard({ data: added.data });
    await deleteCard(kept.id);
    expect(cardsState.waiting).toBe(2);
    // A fresh page while still offline shows the waiting changes over the server's last known cards.
    await freshPage();
    await expect.poll(() => cardsState.waiting).toBe(2);
    goOnline(database);
    await expect.poll(serverIds).toEqual([id]);
    await expect.poll(shownIds).toEqual([id]);
    await expect.poll(() => cardsState.waiting).toBe(0);
  });

  test('a change older than what another device saved meanwhile is not sent: newer wins', async () => {
    const newer = (await serverValue(`${uid}/cards/${kept.id}`)) as { data: unknown };
    goOffline(database);
    await saveCard({ id: kept.id, data: { ...kept.data, cardholder: 'Offline Edit' } });
    // Another device edits the same card later, while this one is offline.
    goOnline(database);
    await set(ref(database, `${uid}/cards/${kept.id}`), { ...newer, id: kept.id, modifiedAt: Date.now() + 60_000 });
    await expect.poll(() => cardsState.waiting).toBe(0);
    const there = (await serverValue(`${uid}/cards/${kept.id}`)) as { modifiedAt: number };
    expect(there.modifiedAt).toBeGreaterThan(Date.now());
  });
});

describe('what the server holds', () => {
  test('an entry that is not a card is reported, kept, and survives deleting every card', async () => {
    // Left by an older client under rules that allowed it: its id does not match its key, so it is no card here.
    await writeRulesAside(`${uid}/cards/Strange1`, {
      id: kept.id,
      modifiedAt: 1,
      data: { cipherText: 'A'.repeat(24), iv: 'B'.repeat(16) },
    });
    await expect.poll(() => cardsState.malformed.map((entry) => entry.key)).toEqual(['Strange1']);
    expect(shownIds()).toEqual([kept.id]);
    await deleteAllCards();
    await expect.poll(serverIds).toEqual(['Strange1']);
    expect(shownIds()).toEqual([]);
  });
});
