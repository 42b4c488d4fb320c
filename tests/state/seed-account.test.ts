/**
 * Accounts shared with the seed's clients, through the app's own flows, the real worker, real storage and the local
 * backend. Server data is made the seed's way with node:crypto alone (tests/interop/seed-client.ts): the password
 * record and the cards through the real SDK under the rules, as the seed's clients write them. What Sleeve writes
 * to the server is opened the seed's way.
 */
import { signOut as firebaseSignOut, GoogleAuthProvider, signInWithCredential } from 'firebase/auth';
import { ref, set } from 'firebase/database';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { EncryptedCard, PlainCard } from '../../src/domain/card';
import type { SecretRecord } from '../../src/domain/secret';
import { getEngine } from '../../src/engine';
import { auth } from '../../src/remote/firebase';
import { cardsState, saveCard } from '../../src/state/cards';
import { changePassword } from '../../src/state/change-password';
import { signOut } from '../../src/state/leave';
import { appState, startApp } from '../../src/state/lifecycle';
import { createPin } from '../../src/state/pin-changes';
import { unlockWithPassword } from '../../src/state/secrets';
import { continueSignIn, createAccountPassword, enterAccountPassword } from '../../src/state/sign-in';
import { base64Bytes } from '../support/device-keys';
import { rejectionOf } from '../support/engine-rejection';
import { serverValue } from '../support/google';
import { database } from '../support/page-database';
import { seed } from '../support/seed-commands';
import { seedPlainCards, storedJson } from '../support/seed-storage';
import { makeCards } from '../support/seeded';

const PASSWORD = 'Zoë’s wallet 🔐 2024';
const NEW_PASSWORD = 'Battery Staple #7é';
const PIN = '274951';

let sub = '';

async function googleSignIn(): Promise<string> {
  const credential = GoogleAuthProvider.credential(
    JSON.stringify({ sub, email: `${sub}@example.com`, name: 'Ada Lovelace' }),
  );
  return (await signInWithCredential(auth, credential)).user.uid;
}

async function freshPage(): Promise<void> {
  await getEngine().lock();
  await startApp();
}

const derivations = () => getEngine().derivationCount();
const dataById = (cards: PlainCard[]) => Object.fromEntries(cards.map((card) => [card.id, card.data]));
const shown = () => dataById(cardsState.cards);

/**
 * The account `uid` as the seed's clients leave it: the password record and `cards` under its key, written through
 * the SDK as the signed-in person, so the rules judge both. `older`: the record as an earlier Sleeve wrote it.
 */
async function seedAccount(uid: string, cards: PlainCard[], older = false): Promise<SecretRecord> {
  const wallet = await seed.seedWallet(PASSWORD, cards, Date.now() - 60_000);
  const record = older ? await seed.recordAround(PASSWORD, wallet.dek, Date.now() - 60_000) : wallet.record;
  expect(base64Bytes(record.encryptedDek.ciphertext)).toHaveLength(older ? 48 : 60);
  await set(ref(database, `${uid}/auth/password`), record);
  await set(ref(database, `${uid}/cards`), wallet.collection.cards);
  return record;
}

/** The account as the server holds it, opened the seed's way with `password`. */
async function openedOnServer(uid: string, password: string) {
  const record = (await serverValue(`${uid}/auth/password`)) as SecretRecord;
  const cards = Object.values(((await serverValue(`${uid}/cards`)) ?? {}) as Record<string, EncryptedCard>);
  return { record, ...(await seed.openTheSeedWay(password, record, cards)) };
}

beforeEach(async () => {
  sub = `seed-${crypto.randomUUID()}`;
  await freshPage();
});

afterEach(async () => {
  if (auth.currentUser) await signOut();
  await firebaseSignOut(auth);
});

describe("an account made the seed's way", () => {
  test('signs in on a new device with its password, in one derivation, and shows its cards', async () => {
    const cards = makeCards(91, 3);
    const uid = await googleSignIn();
    const record = await seedAccount(uid, cards);
    expect(await continueSignIn()).toBe('ENTER_PASSWORD');
    const raw = [localStorage.getItem('sleeve/cards'), localStorage.getItem('sleeve/auth')];
    expect((await rejectionOf(enterAccountPassword('Zoe’s wallet 🔐 2024'))).message).toBe(
      'Entered password is incorrect',
    );
    expect([localStorage.getItem('sleeve/cards'), localStorage.getItem('sleeve/auth')]).toEqual(raw);

    const before = await derivations();
    await enterAccountPassword(PASSWORD);
    expect((await derivations()) - before).toBe(1);
    await expect.poll(shown).toEqual(dataById(cards));
    expect(appState.user?.uid).toBe(uid);
    expect(appState.locked).toBe(false);
    // The record is kept here as the server holds it: opening it rewrites nothing.
    expect((storedJson('auth') as { password: SecretRecord }).password).toEqual(record);
    expect(await serverValue(`${uid}/auth/password`)).toEqual(record);
  });

  test("joined from a device with cards of its own, every card on the server opens the seed's way", async () => {
    const cards = makeCards(92, 2);
    const own = makeCards(93, 2);
    seedPlainCards(own);
    await freshPage();
    const uid = await googleSignIn();
    await seedAccount(uid, cards);
    expect(await continueSignIn()).toBe('ENTER_PASSWORD');
    await enterAccountPassword(PASSWORD);
    await expect.poll(shown).toEqual(dataById([...cards, ...own]));
    expect((await openedOnServer(uid, PASSWORD)).cards).toEqual(dataById([...cards, ...own]));
  });

  test("joined from a device whose cards are under its own PIN, those cards open the seed's way too", async () => {
    const cards = makeCards(94, 1);
    const own = makeCards(95, 2);
    seedPlainCards(own);
    await freshPage();
    await createPin(PIN);
    const uid = await googleSignIn();
    await seedAccount(uid, cards);
    expect(await continueSignIn()).toBe('ENTER_PASSWORD');
    await enterAccountPassword(PASSWORD);
    await expect.poll(shown).toEqual(dataById([...cards, ...own]));
    expect((await openedOnServer(uid, PASSWORD)).cards).toEqual(dataById([...cards, ...own]));
    // The PIN wrapped this device's old key, so it went.
    expect(storedJson('auth')).toMatchObject({ pin: null });
  });

  test("a card saved here, a fresh page's unlock and a change of password all leave what the seed's clients open", async () => {
    const cards = makeCards(96, 2);
    const uid = await googleSignIn();
    await seedAccount(uid, cards);
    await continueSignIn();
    await enterAccountPassword(PASSWORD);
    const [added] = makeCards(97, 1) as [PlainCard];
    await saveCard({ data: added.data });
    await expect.poll(() => cardsState.cards.length).toBe(3);
    await expect.poll(async () => Object.keys((await openedOnServer(uid, PASSWORD)).cards).length).toBe(3);

    await freshPage();
    expect(appState.locked).toBe(true);
    const before = await derivations();
    await unlockWithPassword(PASSWORD);
    expect((await derivations()) - before).toBe(1);
    await expect.poll(() => Object.values(shown())).toContainEqual(added.data);

    await changePassword(PASSWORD, NEW_PASSWORD);
    const changed = await openedOnServer(uid, NEW_PASSWORD);
    expect(base64Bytes(changed.record.encryptedDek.ciphertext)).toHaveLength(60);
    expect(Object.values(changed.cards)).toContainEqual(added.data);
    expect(changed.cards).toMatchObject(dataById(cards));
    await expect(openedOnServer(uid, PASSWORD)).rejects.toThrow();
  });
});

test("an account an earlier Sleeve made keeps opening, and its next password is in the seed's form", async () => {
  const cards = makeCards(98, 2);
  const uid = await googleSignIn();
  await seedAccount(uid, cards, true);
  // The seed's clients cannot open that record: Sleeve wrote it in its raw form.
  await expect(openedOnServer(uid, PASSWORD)).rejects.toThrow();
  expect(await continueSignIn()).toBe('ENTER_PASSWORD');
  await enterAccountPassword(PASSWORD);
  await expect.poll(shown).toEqual(dataById(cards));
  await changePassword(PASSWORD, NEW_PASSWORD);
  expect((await openedOnServer(uid, NEW_PASSWORD)).cards).toEqual(dataById(cards));
});

test("a new account's password record and cards open the seed's way", async () => {
  const cards = makeCards(99, 3);
  seedPlainCards(cards);
  await freshPage();
  const uid = await googleSignIn();
  expect(await continueSignIn()).toBe('CREATE_PASSWORD');
  await createAccountPassword(PASSWORD);
  const opened = await openedOnServer(uid, PASSWORD);
  expect(base64Bytes(opened.record.encryptedDek.ciphertext)).toHaveLength(60);
  expect(opened.cards).toEqual(dataById(cards));
});
