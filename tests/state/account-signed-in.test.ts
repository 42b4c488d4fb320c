/**
 * Signed in, through the real worker, real storage and a real local backend: saving and deleting, changing the
 * password (here and from another device), a fresh page's start, signing out and deleting the account.
 */
import { signOut as firebaseSignOut } from 'firebase/auth';
import { onValue, ref } from 'firebase/database';
import { describe, expect, test } from 'vitest';
import type { PlainCard } from '../../src/domain/card';
import { emptyPlainCollection } from '../../src/domain/card';
import type { SecretRecord } from '../../src/domain/secret';
import { getEngine } from '../../src/engine';
import { accountServer as db } from '../../src/remote';
import { auth } from '../../src/remote/firebase';
import { cardsState, deleteCard, saveCard } from '../../src/state/cards';
import { changePassword } from '../../src/state/change-password';
import { gateFor } from '../../src/state/gate';
import { removeAccount, signOut } from '../../src/state/leave';
import { appState } from '../../src/state/lifecycle';
import { createPin } from '../../src/state/pin-changes';
import { unlockWithPassword, unlockWithPin, verifyPassword } from '../../src/state/secrets';
import { continueSignIn } from '../../src/state/sign-in';
import { toastState } from '../../src/state/toast';
import {
  createdAccount,
  derivations,
  expectEncryptedOnly,
  expectNoPlainCardsHere,
  freshDeviceEachTest,
  freshPage,
  googleSignIn,
  ids,
  NEW_PASSWORD,
  PASSWORD,
  PIN,
  serverValue,
  shownIds,
} from '../support/account-flows';
import { rejectionOf } from '../support/engine-rejection';
import { startEngine } from '../support/engine-worker';
import { database } from '../support/page-database';
import { storedJson } from '../support/seed-storage';
import { makeCards } from '../support/seeded';
import { putServerRecord } from '../support/server-cards';

freshDeviceEachTest();

describe('signed in', () => {
  test('cards are saved to and deleted from the server, never to this device', async () => {
    const uid = await createdAccount(makeCards(51, 1));
    const id = await saveCard({ data: (makeCards(52, 1)[0] as PlainCard).data });
    expect(shownIds()).toContain(id);
    // Sent from the outbox: on the server once acknowledged.
    await expect.poll(() => cardsState.waiting).toBe(0);
    const server = (await serverValue(`${uid}/cards`)) as Record<string, unknown>;
    expect(Object.keys(server)).toContain(id);
    expectEncryptedOnly(server);
    expectNoPlainCardsHere();
    await deleteCard(id);
    expect(shownIds()).not.toContain(id);
    // The delete waits in the outbox until the save before it is answered, then goes.
    await expect.poll(() => cardsState.waiting).toBe(0);
    expect(Object.keys(((await serverValue(`${uid}/cards`)) as object | null) ?? {})).not.toContain(id);
  });

  test('changing the password costs two derivations and stores the new record on the server and here', async () => {
    const uid = await createdAccount(makeCards(53, 1));
    expect((await rejectionOf(changePassword(PASSWORD, PASSWORD))).message).toBe(
      'Entered password is equal to current password',
    );
    expect((await rejectionOf(changePassword('Wrong password 1!', NEW_PASSWORD))).message).toBe(
      'Entered password is incorrect',
    );
    const before = await derivations();
    await changePassword(PASSWORD, NEW_PASSWORD);
    expect((await derivations()) - before).toBe(2);
    const local = (storedJson('auth') as { password: SecretRecord }).password;
    expect(await db.readPasswordRecord(uid)).toEqual(local);
    await verifyPassword(NEW_PASSWORD);
    expect((await rejectionOf(verifyPassword(PASSWORD))).message).toBe('Entered password is incorrect');
    // This device's own change does not make it stale.
    expect(appState.passwordStale).toBe(false);
    expect(appState.locked).toBe(false);
  });

  test('a password record dated ahead by a device whose clock ran fast is still replaced by a change', async () => {
    // The record is made while this page's clock runs 4 minutes ahead (the server allows up to 5).
    const realNow = Date.now;
    Date.now = () => realNow() + 4 * 60_000;
    let uid: string;
    try {
      uid = await createdAccount(makeCards(58, 1));
    } finally {
      Date.now = realNow;
    }
    const old = (await db.readPasswordRecord(uid)) as SecretRecord;
    expect(old.modifiedAt).toBeGreaterThan(Date.now() + 3 * 60_000);
    // Back on time, the change is dated after the record it replaces, so the server takes it.
    await changePassword(PASSWORD, NEW_PASSWORD);
    const next = (await db.readPasswordRecord(uid)) as SecretRecord;
    expect(next.modifiedAt).toBeGreaterThan(old.modifiedAt);
    expect(next).toEqual((storedJson('auth') as { password: SecretRecord }).password);
    await verifyPassword(NEW_PASSWORD);
  });

  test('a newer password from another device locks, and the PIN stays until the new password opens its record', async () => {
    const cards = makeCards(54, 2);
    const uid = await createdAccount(cards);
    gateFor(() => undefined, { forNewSecret: true });
    await verifyPassword(PASSWORD);
    await createPin(PIN);
    const pinRecord = (storedJson('auth') as { pin: SecretRecord }).pin;
    // Another device changes the password: same key, new record, later.
    const other = startEngine();
    const current = (await db.readPasswordRecord(uid)) as SecretRecord;
    await other.unlock(PASSWORD, current);
    const record = await other.changeSecret(PASSWORD, current, NEW_PASSWORD, Date.now() + 1000);
    await putServerRecord(uid, record);

    await expect.poll(() => appState.passwordStale).toBe(true);
    expect(appState.locked).toBe(true);
    expect(await getEngine().hasKey()).toBe(false);
    expect(cardsState.cards).toEqual([]);
    // Nothing has opened the new record yet, so the PIN stays, stored as it was.
    expect(appState.pinCreated).toBe(true);
    expect((storedJson('auth') as { pin: SecretRecord }).pin).toEqual(pinRecord);

    expect((await rejectionOf(unlockWithPassword(PASSWORD))).message).toBe('Entered password is incorrect');
    expect((storedJson('auth') as { pin: SecretRecord }).pin).toEqual(pinRecord);
    // The PIN wraps the same key, so it still opens the cards here.
    await unlockWithPin(PIN);
    await expect.poll(shownIds).toEqual(ids(cards));
    expect(appState.passwordStale).toBe(true);

    // The new password opens the new record: it replaces the old one here, and only now the PIN goes.
    await unlockWithPassword(NEW_PASSWORD);
    expect(appState.passwordStale).toBe(false);
    expect(appState.locked).toBe(false);
    expect(storedJson('auth')).toEqual({ password: record, pin: null, passkey: null });
    expect(appState.pinCreated).toBe(false);
    await expect.poll(shownIds).toEqual(ids(cards));
  });

  test('a newer record that no password here opens (anyone who can write the server can write one) never costs the PIN', async () => {
    const cards = makeCards(59, 2);
    const uid = await createdAccount(cards);
    gateFor(() => undefined, { forNewSecret: true });
    await verifyPassword(PASSWORD);
    await createPin(PIN);
    const before = storedJson('auth');
    // A record wrapping some other key under a password this person does not know.
    const { record } = await startEngine().createSecret('Someone else 9!x', emptyPlainCollection(), Date.now() + 1000);
    await putServerRecord(uid, record);
    await expect.poll(() => appState.passwordStale).toBe(true);
    expect(appState.locked).toBe(true);

    expect((await rejectionOf(unlockWithPassword(PASSWORD))).message).toBe('Entered password is incorrect');
    expect(storedJson('auth')).toEqual(before);
    await unlockWithPin(PIN);
    expect(appState.locked).toBe(false);
    await expect.poll(shownIds).toEqual(ids(cards));
    expect(storedJson('auth')).toEqual(before);
  });

  test('a fresh page waits for Firebase, starts locked and unlocks with the password', async () => {
    const cards = makeCards(55, 2);
    const uid = await createdAccount(cards);
    await freshPage();
    expect(appState.remoteReady).toBe(true);
    expect(appState.user?.uid).toBe(uid);
    expect(appState.locked).toBe(true);
    expect(cardsState.cards).toEqual([]);
    const before = await derivations();
    await unlockWithPassword(PASSWORD);
    expect((await derivations()) - before).toBe(1);
    await expect.poll(shownIds).toEqual(ids(cards));
  });

  test('a fresh page with the Firebase session gone starts anonymous and leaves no account data', async () => {
    await createdAccount(makeCards(56, 2));
    await firebaseSignOut(auth);
    await freshPage();
    expect(appState.user).toBeNull();
    expect(appState.locked).toBe(false);
    expect(localStorage.getItem('sleeve/cards')).toBeNull();
    expect(localStorage.getItem('sleeve/auth')).toBeNull();
  });

  test('signing out leaves no cards or auth on this device, and keeps preferences', async () => {
    await createdAccount(makeCards(57, 2));
    gateFor(() => undefined, { forNewSecret: true });
    await verifyPassword(PASSWORD);
    await createPin(PIN);
    const preferences = { userInterface: { maskCardNumber: true }, updates: { checkAtLaunch: true } };
    localStorage.setItem('sleeve/preferences', JSON.stringify(preferences));
    await signOut();
    expect(localStorage.getItem('sleeve/cards')).toBeNull();
    expect(localStorage.getItem('sleeve/auth')).toBeNull();
    expect(storedJson('preferences')).toEqual(preferences);
    expect(auth.currentUser).toBeNull();
    expect(appState.user).toBeNull();
    expect(appState.locked).toBe(false);
    expect(cardsState.cards).toEqual([]);
    expect(await getEngine().hasKey()).toBe(false);
  });

  test('deleting the account leaves nothing under the uid and nothing here', async () => {
    const uid = await createdAccount(makeCards(58, 2));
    // Everything under the uid, as the server reports it while the user may still read it.
    let underUid: unknown = 'not read yet';
    const stop = onValue(ref(database, uid), (snapshot) => {
      underUid = snapshot.val();
    });
    await expect.poll(() => underUid).not.toBeNull();
    // The re-authentication popup ends like a fresh sign-in.
    await googleSignIn();
    await removeAccount();
    stop();
    expect(underUid).toBeNull();
    expect(toastState.message).toBe('Account has been deleted');
    expect(auth.currentUser).toBeNull();
    expect(localStorage.getItem('sleeve/cards')).toBeNull();
    expect(localStorage.getItem('sleeve/auth')).toBeNull();
    expect(appState.user).toBeNull();
    // Signing in again with the same Google account is a brand-new user with no data.
    const again = await googleSignIn();
    expect(again).not.toBe(uid);
    expect(await continueSignIn()).toBe('CREATE_PASSWORD');
  });
});
