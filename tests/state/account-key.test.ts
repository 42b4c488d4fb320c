/**
 * The account's key across devices (DESIGN.md invariant 11): two devices creating the first password at once end
 * with one key and every card of both; a newer password record is adopted only when its key opens the cards this
 * device could open, and otherwise every record stays and the person may keep this device's key. Real worker, real
 * storage, real SDK against the local backend; "another device" is a second engine writing the same account.
 */
import { signOut as firebaseSignOut, GoogleAuthProvider, signInWithCredential } from 'firebase/auth';
import { onValue, ref } from 'firebase/database';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { EncryptedCard, PlainCard } from '../../src/domain/card';
import type { SecretRecord } from '../../src/domain/secret';
import { getEngine } from '../../src/engine';
import { accountServer as db } from '../../src/remote';
import { auth } from '../../src/remote/firebase';
import { cardsState } from '../../src/state/cards';
import { gateFor } from '../../src/state/gate';
import { signOut } from '../../src/state/leave';
import { appState, startApp } from '../../src/state/lifecycle';
import { keepDeviceKey, NewerPasswordMessages } from '../../src/state/newer-password';
import { createPin } from '../../src/state/pin-changes';
import { unlockWithPassword, unlockWithPin, verifyPassword } from '../../src/state/secrets';
import { continueSignIn, createAccountPassword, enterAccountPassword } from '../../src/state/sign-in';
import { accountState } from '../../src/state/store';
import { rejectionOf } from '../support/engine-rejection';
import { startEngine, stopEngines } from '../support/engine-worker';
import { database } from '../support/page-database';
import { seed } from '../support/seed-commands';
import { seedPlainCards, storedJson } from '../support/seed-storage';
import { makeCards } from '../support/seeded';
import { putServerRecord } from '../support/server-cards';

const PASSWORD = 'Account password 1!';
const OTHER_PASSWORD = 'Laptop password 7#';
const PIN = '274951';

let sub = '';

const serverValue = (path: string): Promise<unknown> =>
  new Promise((resolve, reject) => onValue(ref(database, path), (s) => resolve(s.val()), reject, { onlyOnce: true }));

async function googleSignIn(): Promise<string> {
  const credential = GoogleAuthProvider.credential(JSON.stringify({ sub, email: `${sub}@example.com`, name: 'Ada' }));
  return (await signInWithCredential(auth, credential)).user.uid;
}

async function freshPage(): Promise<void> {
  await getEngine().lock();
  await startApp();
}

const shownIds = () => cardsState.cards.map((card) => card.id).sort();
const ids = (cards: readonly PlainCard[]) => cards.map((card) => card.id).sort();
const storedAuth = () => storedJson('auth') as { password: SecretRecord; pin: SecretRecord | null };

/** A device whose account was just created with `cards`, and a PIN of its own. */
async function accountWithPin(cards: PlainCard[]): Promise<string> {
  seedPlainCards(cards);
  await freshPage();
  const uid = await googleSignIn();
  expect(await continueSignIn()).toBe('CREATE_PASSWORD');
  expect(await createAccountPassword(PASSWORD)).toBe('created');
  gateFor(() => undefined, { forNewSecret: true });
  await verifyPassword(PASSWORD);
  await createPin(PIN);
  await expect.poll(shownIds).toEqual(ids(cards));
  return uid;
}

/** Another client replaces the account's record with one over a key of its own, under a password the person knows. */
async function recordOverAnotherKey(uid: string): Promise<SecretRecord> {
  const wallet = await seed.seedWallet(OTHER_PASSWORD, [], Date.now());
  await putServerRecord(uid, wallet.record);
  await expect.poll(() => appState.passwordStale).toBe(true);
  return wallet.record;
}

beforeEach(async () => {
  sub = `key-${crypto.randomUUID()}`;
  await freshPage();
});

afterEach(async () => {
  if (auth.currentUser) await signOut();
  await firebaseSignOut(auth);
  stopEngines();
});

describe('two devices creating the first password', () => {
  test('the second is told the account has a password, and its cards join under the first one’s key', async () => {
    const mine = makeCards(71, 3);
    seedPlainCards(mine);
    await freshPage();
    const uid = await googleSignIn();
    expect(await continueSignIn()).toBe('CREATE_PASSWORD');

    // Meanwhile the phone, at the same step, creates the account's password and moves its cards up.
    const phone = startEngine();
    const theirs = makeCards(72, 2);
    const created = await phone.createSecret(
      OTHER_PASSWORD,
      { type: 'UNENCRYPTED', cards: Object.fromEntries(theirs.map((card) => [card.id, card])) },
      Date.now(),
    );
    await putServerRecord(uid, created.record);
    await db.putCards(uid, Object.values(created.collection.cards));

    expect(await createAccountPassword(PASSWORD)).toBe('password-exists');
    // The phone's record stands, and nothing of this device went up under a key of its own.
    expect(await serverValue(`${uid}/auth/password`)).toEqual(created.record);
    expect(Object.keys((await serverValue(`${uid}/cards`)) as object).sort()).toEqual(ids(theirs));
    expect(accountState.awaitingPassword).toBe('ENTER_PASSWORD');
    expect(accountState.passwordFromElsewhere).toBe(true);
    expect(await getEngine().hasKey()).toBe(false);
    expect(storedJson('auth')).toBeNull();

    await enterAccountPassword(OTHER_PASSWORD);
    await expect.poll(shownIds).toEqual(ids([...mine, ...theirs]));
    // Every card of both devices opens with the phone's password, the seed's way too.
    const server = (await serverValue(`${uid}/cards`)) as Record<string, EncryptedCard>;
    const opened = await seed.openTheSeedWay(OTHER_PASSWORD, created.record, Object.values(server));
    expect(Object.keys(opened.cards).sort()).toEqual(ids([...mine, ...theirs]));
    expect(accountState.passwordFromElsewhere).toBe(false);
  });
});

describe('a newer password record', () => {
  test('over another key is refused when its key cannot open the cards here: every record stays', async () => {
    const cards = makeCards(73, 3);
    const uid = await accountWithPin(cards);
    const before = storedAuth();
    await recordOverAnotherKey(uid);

    expect((await rejectionOf(unlockWithPassword(OTHER_PASSWORD))).message).toBe(
      NewerPasswordMessages.newKeyLosesCards,
    );
    expect(appState.keyConflict).toBe(true);
    expect(appState.locked).toBe(true);
    expect(await getEngine().hasKey()).toBe(false);
    expect(storedJson('auth')).toEqual({ ...before, passkey: null });
    expect(cardsState.cards).toEqual([]);
  });

  test('keeping this device’s key puts its record back on the account, dated after the refused one', async () => {
    const cards = makeCards(74, 2);
    const uid = await accountWithPin(cards);
    const before = storedAuth();
    const refused = await recordOverAnotherKey(uid);
    await rejectionOf(unlockWithPassword(OTHER_PASSWORD));

    await keepDeviceKey();
    const server = (await serverValue(`${uid}/auth/password`)) as SecretRecord;
    expect(server).toEqual({ ...before.password, modifiedAt: server.modifiedAt });
    expect(server.modifiedAt).toBeGreaterThan(refused.modifiedAt);
    expect(storedAuth().password).toEqual(server);
    expect(storedAuth().pin).toEqual(before.pin);
    expect(appState.passwordStale).toBe(false);
    expect(appState.keyConflict).toBe(false);

    await unlockWithPin(PIN);
    await expect.poll(shownIds).toEqual(ids(cards));
    // The record it put back is the account's again: the old password opens it, here and the seed's way.
    await verifyPassword(PASSWORD);
    const sealed = (await serverValue(`${uid}/cards`)) as Record<string, EncryptedCard>;
    const opened = await seed.openTheSeedWay(PASSWORD, server, Object.values(sealed));
    expect(Object.keys(opened.cards).sort()).toEqual(ids(cards));
  });

  test('keeping this device’s key after another device holding it kept it first is done, with that record', async () => {
    const cards = makeCards(77, 2);
    const uid = await accountWithPin(cards);
    const before = storedAuth();
    const refused = await recordOverAnotherKey(uid);
    await rejectionOf(unlockWithPassword(OTHER_PASSWORD));

    // The laptop held the same record, refused the same one, and put the same key back first.
    const keptElsewhere = { ...before.password, modifiedAt: refused.modifiedAt + 1 };
    await putServerRecord(uid, keptElsewhere);
    await keepDeviceKey();
    expect(await serverValue(`${uid}/auth/password`)).toEqual(keptElsewhere);
    expect(storedAuth().password).toEqual(keptElsewhere);
    expect(storedAuth().pin).toEqual(before.pin);
    expect(appState.passwordStale).toBe(false);
    expect(appState.keyConflict).toBe(false);
    await unlockWithPin(PIN);
    await expect.poll(shownIds).toEqual(ids(cards));
  });

  test('is refused from a page that started locked too, by the cards its key cannot decrypt', async () => {
    const cards = makeCards(75, 2);
    const uid = await accountWithPin(cards);
    const before = storedAuth();
    await freshPage();
    expect(appState.locked).toBe(true);
    await recordOverAnotherKey(uid);
    expect((await rejectionOf(unlockWithPassword(OTHER_PASSWORD))).message).toBe(
      NewerPasswordMessages.newKeyLosesCards,
    );
    expect(storedAuth().pin).toEqual(before.pin);
    expect(storedAuth().password).toEqual(before.password);
  });

  test('over the same key (a password changed elsewhere) is adopted from a page that started locked', async () => {
    const cards = makeCards(76, 2);
    const uid = await accountWithPin(cards);
    await freshPage();
    const laptop = startEngine();
    const current = storedAuth().password;
    await laptop.unlock(PASSWORD, current);
    const record = await laptop.changeSecret(PASSWORD, current, OTHER_PASSWORD, Date.now() + 1000);
    await putServerRecord(uid, record);
    await expect.poll(() => appState.passwordStale).toBe(true);

    await unlockWithPassword(OTHER_PASSWORD);
    expect(appState.locked).toBe(false);
    expect(appState.keyConflict).toBe(false);
    expect(storedJson('auth')).toEqual({ password: record, pin: null, passkey: null });
    await expect.poll(shownIds).toEqual(ids(cards));
  });
});
