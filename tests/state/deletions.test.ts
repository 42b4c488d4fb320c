/**
 * Deletions and edits in the order they were made (DESIGN.md invariant 10), through the real state layer, worker,
 * storage, SDK and local backend: this device (A) changes cards while its connection is down, another device of the
 * account (B, tests/support/other-device.ts) acts later while online, and when A is back the newer action has won
 * on both, with nothing left waiting and no error said.
 */
import { signOut as firebaseSignOut } from 'firebase/auth';
import { ref, remove, set, update } from 'firebase/database';
import { afterEach, beforeEach, describe, expect, inject, test } from 'vitest';
import type { EncryptedCard, PlainCard } from '../../src/domain/card';
import { getEngine } from '../../src/engine';
import { auth } from '../../src/remote/firebase';
import { cardsState, deleteCard, saveCard, saveNewCards } from '../../src/state/cards';
import { removeAccount, signOut } from '../../src/state/leave';
import { startApp } from '../../src/state/lifecycle';
import { unlockWithPassword } from '../../src/state/secrets';
import { continueSignIn, createAccountPassword, enterAccountPassword } from '../../src/state/sign-in';
import { googleSignIn, uniqueSub, writeRulesAside } from '../support/google';
import { type OtherDevice, otherDevice } from '../support/other-device';
import { appOffline, appOnline } from '../support/page-database';
import { seedPlainCards, storedJson } from '../support/seed-storage';
import { makeCards } from '../support/seeded';
import { errorToasts } from '../support/toasts';

const PASSWORD = 'Account password 1!';
const [first, second] = makeCards(75, 2) as [PlainCard, PlainCard];

let sub = '';
let uid = '';
let other: OtherDevice;
const shownIds = () => cardsState.cards.map((card) => card.id).sort();
const holderOf = (id: string) => cardsState.cards.find((card) => card.id === id)?.data.cardholder;
const outbox = () => JSON.parse(localStorage.getItem('sleeve/outbox') ?? 'null');
/** What B sees of the account's cards (the ids). */
const idsOnB = async () => Object.keys(((await other.read(`${uid}/cards`)) as object | null) ?? {}).sort();

/** A fresh page of this device: the account's session resumes from what is stored, then the password unlocks. */
async function freshPage(): Promise<void> {
  await getEngine().lock();
  await startApp();
  await unlockWithPassword(PASSWORD);
}

/** B's edit of `card`, dated `at`: sealed under the account's key (B would hold it), written by B under the rules. */
async function editOnB(card: PlainCard, cardholder: string, at: number): Promise<EncryptedCard> {
  const sealed = (await getEngine().sealCard(
    { id: card.id, data: { ...card.data, cardholder }, modifiedAt: at },
    'ENCRYPTED',
  )) as EncryptedCard;
  await set(ref(other.db, `${uid}/cards/${card.id}`), sealed);
  return sealed;
}

/** B deletes `id` as Sleeve does: the card removed and the deletion dated, in one write. */
const deleteOnB = (id: string, at: number) =>
  update(ref(other.db, uid), { [`cards/${id}`]: null, [`deleted/${id}`]: at });

beforeEach(async () => {
  seedPlainCards([first, second]);
  await getEngine().lock();
  await startApp();
  sub = uniqueSub();
  uid = await googleSignIn(sub);
  await continueSignIn();
  await createAccountPassword(PASSWORD);
  await expect.poll(shownIds).toEqual([first.id, second.id].sort());
  other = await otherDevice(sub);
});

afterEach(async () => {
  await appOnline();
  await other?.close();
  if (auth.currentUser) await signOut();
  await firebaseSignOut(auth);
});

describe('two devices, one card, the newer action wins', () => {
  test('A deletes offline, B edits the card later: when A is back the card stays, with B’s edit, on both', async () => {
    const errors = errorToasts();
    await appOffline();
    await deleteCard(first.id);
    expect(shownIds()).toEqual([second.id]);
    expect(cardsState.waiting).toBe(1);
    const edit = await editOnB(first, 'Edited On Bee', Date.now() + 2_000);
    await appOnline();
    await expect.poll(() => cardsState.waiting).toBe(0);
    await expect.poll(() => holderOf(first.id)).toBe('Edited On Bee');
    expect(shownIds()).toEqual([first.id, second.id].sort());
    expect(await other.read(`${uid}/cards/${first.id}`)).toEqual(edit);
    expect(await other.read(`${uid}/deleted`)).toBeNull();
    expect(outbox().cards).toEqual({});
    expect(errors).toEqual([]);
  });

  test('A edits offline, B deletes the card later: when A is back it stays deleted on both, nothing waits', async () => {
    const errors = errorToasts();
    await appOffline();
    await saveCard({ id: first.id, data: { ...first.data, cardholder: 'Offline Edit' } });
    expect(holderOf(first.id)).toBe('Offline Edit');
    await deleteOnB(first.id, Date.now() + 2_000);
    await appOnline();
    await expect.poll(() => cardsState.waiting).toBe(0);
    await expect.poll(shownIds).toEqual([second.id]);
    expect(await idsOnB()).toEqual([second.id]);
    expect(outbox().cards).toEqual({});
    expect(errors).toEqual([]);
  });

  test('the same across a reload of A while offline', async () => {
    const errors = errorToasts();
    // This device has kept its copy of the account's cards for a start without a connection.
    await expect
      .poll(() => Object.keys((storedJson('cards') as { cards?: object } | null)?.cards ?? {}).sort())
      .toEqual([first.id, second.id].sort());
    await appOffline();
    await deleteCard(first.id);
    await saveCard({ id: second.id, data: { ...second.data, cardholder: 'Offline Edit' } });
    await freshPage();
    await expect.poll(() => cardsState.waiting).toBe(2);
    // Shown as this device last saw the account, the waiting changes over it.
    await expect.poll(shownIds).toEqual([second.id]);
    await expect.poll(() => holderOf(second.id)).toBe('Offline Edit');
    await editOnB(first, 'Edited On Bee', Date.now() + 2_000);
    await deleteOnB(second.id, Date.now() + 2_000);
    await appOnline();
    await expect.poll(() => cardsState.waiting).toBe(0);
    await expect.poll(shownIds).toEqual([first.id]);
    await expect.poll(() => holderOf(first.id)).toBe('Edited On Bee');
    expect(await idsOnB()).toEqual([first.id]);
    expect(outbox().cards).toEqual({});
    expect(errors).toEqual([]);
  });

  test('a deletion made on A after B’s edit still wins, and is dated on the server', async () => {
    await editOnB(first, 'Edited On Bee', Date.now() - 1_000);
    await expect.poll(() => holderOf(first.id)).toBe('Edited On Bee');
    await deleteCard(first.id);
    await expect.poll(() => cardsState.waiting).toBe(0);
    expect(await idsOnB()).toEqual([second.id]);
    expect(await other.read(`${uid}/deleted/${first.id}`)).toEqual(expect.any(Number));
    // An older copy of the card, sent late by any client, cannot bring it back.
    await expect(editOnB(first, 'Too Late', Date.now() - 500)).rejects.toThrow(/permission/i);
    expect(await idsOnB()).toEqual([second.id]);
  });
});

describe('bringing a card back', () => {
  test('a card restored from a backup made before its deletion comes back, dated as restored now', async () => {
    await deleteCard(first.id);
    await expect.poll(() => other.read(`${uid}/deleted/${first.id}`)).toEqual(expect.any(Number));
    // An import keeps a backup's id and date; this one is older than the deletion.
    await saveNewCards([first]);
    await expect.poll(() => cardsState.waiting).toBe(0);
    await expect.poll(shownIds).toEqual([first.id, second.id].sort());
    expect(await idsOnB()).toEqual([first.id, second.id].sort());
    const there = (await other.read(`${uid}/cards/${first.id}`)) as { modifiedAt: number };
    expect(there.modifiedAt).toBeGreaterThan(first.modifiedAt);
  });
});

describe("the seed's clients and what is stored", () => {
  test('a plain removal by a client that dates nothing still deletes the card, and Sleeve shows it gone', async () => {
    const errors = errorToasts();
    await remove(ref(other.db, `${uid}/cards/${first.id}`));
    await expect.poll(shownIds).toEqual([second.id]);
    // A record Sleeve cannot read (left by another client, rules aside) is passed over, never a failure.
    await writeRulesAside(`${uid}/deleted/Strange1`, 'yesterday');
    await saveCard({ id: second.id, data: { ...second.data, cardholder: 'Still Editable' } });
    await expect.poll(() => cardsState.waiting).toBe(0);
    expect(holderOf(second.id)).toBe('Still Editable');
    expect(errors).toEqual([]);
  });

  test('signing in does not move up a card of this device that the account deleted later', async () => {
    await signOut();
    // This device, signed out, keeps a copy of the first card as it was before the account deleted it.
    seedPlainCards([first]);
    await deleteOnB(first.id, Date.now());
    await getEngine().lock();
    await startApp();
    await googleSignIn(sub);
    expect(await continueSignIn()).toBe('ENTER_PASSWORD');
    await enterAccountPassword(PASSWORD);
    await expect.poll(shownIds).toEqual([second.id]);
    expect(await idsOnB()).toEqual([second.id]);
  });

  test('a record older than the time records are kept is pruned by the next session; one more recent stays', async () => {
    await deleteOnB('Old00001', 1_000);
    await deleteOnB(first.id, Date.now());
    await freshPage();
    await expect.poll(() => other.read(`${uid}/deleted/Old00001`)).toBeNull();
    expect(await other.read(`${uid}/deleted/${first.id}`)).toEqual(expect.any(Number));
  });

  test('deleting the account removes its deletion records with its cards', async () => {
    await deleteCard(first.id);
    await expect.poll(() => other.read(`${uid}/deleted/${first.id}`)).toEqual(expect.any(Number));
    await other.close();
    await removeAccount();
    const everything = (await (await fetch(inject('databaseDumpUrl'))).json()) as Record<string, unknown> | null;
    expect(everything?.[uid] ?? null).toBeNull();
  });
});
