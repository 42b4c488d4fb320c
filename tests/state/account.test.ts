/**
 * The account flows through the real worker, real storage and a real local backend (Auth emulator + realtime
 * database server with per-uid rules). Google's popup cannot run here, so each test signs in the way the popup
 * ends, with a Google credential on the app's own Auth instance, and then calls the step that follows the popup.
 */
import { signOut as firebaseSignOut, GoogleAuthProvider, signInWithCredential } from 'firebase/auth';
import { onValue, ref } from 'firebase/database';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { PlainCard } from '../../src/domain/card';
import { emptyPlainCollection } from '../../src/domain/card';
import { Messages } from '../../src/domain/errors';
import type { SecretRecord } from '../../src/domain/secret';
import { getEngine } from '../../src/engine';
import * as db from '../../src/remote/database';
import { auth, database } from '../../src/remote/firebase';
import { cardsState, deleteCard, saveCard } from '../../src/state/cards';
import { changePassword } from '../../src/state/change-password';
import { gateFor } from '../../src/state/gate';
import { removeAccount, signOut } from '../../src/state/leave';
import { appState, startApp } from '../../src/state/lifecycle';
import { createPin, unlockWithPassword, unlockWithPin, verifyPassword, verifyPin } from '../../src/state/secrets';
import { abandonSignIn, continueSignIn, createAccountPassword, enterAccountPassword } from '../../src/state/sign-in';
import { toastState } from '../../src/state/toast';
import { rejectionOf } from '../support/engine-rejection';
import { startEngine, stopEngines } from '../support/engine-worker';
import { writeRulesAside } from '../support/google';
import { seedPlainCards, storedJson } from '../support/seed-storage';
import { makeCards } from '../support/seeded';

const PASSWORD = 'Account password 1!';
const NEW_PASSWORD = 'Another password 2?';
const PIN = '274951';

let sub = '';

const serverValue = (path: string): Promise<unknown> =>
  new Promise((resolve, reject) => onValue(ref(database, path), (s) => resolve(s.val()), reject, { onlyOnce: true }));

/** Ends the way Google's popup ends: Firebase has a signed-in user. */
async function googleSignIn(): Promise<string> {
  const credential = GoogleAuthProvider.credential(
    JSON.stringify({ sub, email: `${sub}@example.com`, name: 'Ada Lovelace' }),
  );
  return (await signInWithCredential(auth, credential)).user.uid;
}

/** A fresh page on a device: nothing in memory but what startApp reads from storage. */
async function freshPage(): Promise<void> {
  await getEngine().lock();
  await startApp();
}

const derivations = () => getEngine().derivationCount();
const shownIds = () => cardsState.cards.map((card) => card.id).sort();
const ids = (cards: PlainCard[]) => cards.map((card) => card.id).sort();

function expectEncryptedOnly(server: unknown): void {
  for (const card of Object.values(server as Record<string, unknown>)) {
    expect(card).toEqual({
      id: expect.any(String),
      modifiedAt: expect.any(Number),
      data: { cipherText: expect.any(String), iv: expect.any(String) },
    });
  }
}

/**
 * Signed in, this device keeps the account's cards only as the server's ciphertext, for offline use (written a moment
 * after they arrive), and never a plain card: either nothing yet, or ciphertext.
 */
function expectNoPlainCardsHere(): void {
  const kept = storedJson('cards') as { type: string; cards: Record<string, unknown> };
  if (Object.keys(kept.cards).length === 0) return;
  expect(kept.type).toBe('ENCRYPTED');
  expectEncryptedOnly(kept.cards);
}

/** A device whose account was just created, with `cards` moved up. */
async function createdAccount(cards: PlainCard[]): Promise<string> {
  seedPlainCards(cards);
  await freshPage();
  const uid = await googleSignIn();
  expect(await continueSignIn()).toBe('CREATE_PASSWORD');
  await createAccountPassword(PASSWORD);
  return uid;
}

beforeEach(async () => {
  sub = `acct-${crypto.randomUUID()}`;
  await freshPage();
});

afterEach(async () => {
  if (auth.currentUser) await signOut();
  await firebaseSignOut(auth);
  stopEngines();
});

describe('a new account (CREATE_PASSWORD)', () => {
  test('stores the record on the server and here, and moves the cards up encrypted', async () => {
    const cards = makeCards(31, 3);
    seedPlainCards(cards);
    localStorage.setItem(
      'sleeve/preferences',
      JSON.stringify({ userInterface: { maskCardNumber: true }, updates: { checkAtLaunch: true } }),
    );
    await freshPage();
    const uid = await googleSignIn();
    expect(await continueSignIn()).toBe('CREATE_PASSWORD');
    const before = await derivations();
    await createAccountPassword(PASSWORD);
    expect((await derivations()) - before).toBe(1);

    const local = storedJson('auth') as { password: SecretRecord; pin: null };
    expect(local.pin).toBeNull();
    expect(await serverValue(`${uid}/auth`)).toEqual({ password: local.password });
    const server = await serverValue(`${uid}/cards`);
    expect(Object.keys(server as object).sort()).toEqual(ids(cards));
    expectEncryptedOnly(server);
    expectNoPlainCardsHere();
    expect(appState.user).toEqual({ uid, name: 'Ada', fullName: 'Ada Lovelace' });
    expect(appState.locked).toBe(false);
    await expect.poll(shownIds).toEqual(ids(cards));
  });

  test('keeps a PIN made before signing in: it wraps the same key', async () => {
    const cards = makeCards(32, 2);
    seedPlainCards(cards);
    await freshPage();
    await createPin(PIN);
    await googleSignIn();
    await continueSignIn();
    // The PIN guards the key the password is to wrap: the engine wants it first, and refuses without it.
    expect((await rejectionOf(createAccountPassword(PASSWORD))).message).toBe(Messages.verifyFirst);
    const before = await derivations();
    gateFor(() => undefined, { forNewSecret: true });
    await verifyPin(PIN);
    await createAccountPassword(PASSWORD);
    expect((await derivations()) - before).toBe(2);
    const local = storedJson('auth') as { password: SecretRecord; pin: SecretRecord };
    expect(local.pin).not.toBeNull();
    await freshPage();
    expect(appState.locked).toBe(true);
    // The PIN still opens the account's cards, which now come from the server.
    await unlockWithPin(PIN);
    await expect.poll(shownIds).toEqual(ids(cards));
  });

  test('changes nothing here when the server refuses the record', async () => {
    seedPlainCards(makeCards(33, 2));
    await freshPage();
    const uid = await googleSignIn();
    await continueSignIn();
    const raw = [localStorage.getItem('sleeve/cards'), localStorage.getItem('sleeve/auth')];
    // Something under the account's cards by now: the rules take a first password record only where there are no
    // cards, so the server refuses this one at once.
    await writeRulesAside(`${uid}/cards/Strange1`, { not: 'a card' });
    expect((await rejectionOf(createAccountPassword(PASSWORD))).message).toBe('Failed to set password on server');
    expect([localStorage.getItem('sleeve/cards'), localStorage.getItem('sleeve/auth')]).toEqual(raw);
    expect(await getEngine().hasKey()).toBe(false);
    expect(appState.user).toBeNull();
  });
});

describe('an existing account on a second device (ENTER_PASSWORD)', () => {
  test("keeps every card of both devices, the device's PIN-protected ones included; newer wins per card", async () => {
    const first = makeCards(41, 3);
    const [shared] = first as [PlainCard];
    const uid = await createdAccount(first);
    await signOut();

    // The second device: its own cards under its own PIN, one of them a newer edit of a card on the server.
    const newerShared: PlainCard = {
      ...shared,
      modifiedAt: shared.modifiedAt + 1000,
      data: { ...shared.data, cardholder: 'Grace Hopper' },
    };
    const own = [...makeCards(42, 2), newerShared];
    seedPlainCards(own);
    await freshPage();
    await createPin(PIN);
    const rawBefore = [localStorage.getItem('sleeve/cards'), localStorage.getItem('sleeve/auth')];

    await googleSignIn();
    expect(await continueSignIn()).toBe('ENTER_PASSWORD');
    expect((await rejectionOf(enterAccountPassword('Wrong password 1!'))).message).toBe(
      'Entered password is incorrect',
    );
    expect([localStorage.getItem('sleeve/cards'), localStorage.getItem('sleeve/auth')]).toEqual(rawBefore);

    const before = await derivations();
    await enterAccountPassword(PASSWORD);
    expect((await derivations()) - before).toBe(1);

    const all = ids([...first, ...own].filter((card, i, list) => list.findIndex((c) => c.id === card.id) === i));
    const server = await serverValue(`${uid}/cards`);
    expect(Object.keys(server as object).sort()).toEqual(all);
    expectEncryptedOnly(server);
    const local = storedJson('auth') as { password: SecretRecord; pin: unknown };
    expect(local.pin).toBeNull();
    expect(local.password).toEqual(await db.readPasswordRecord(uid));
    expectNoPlainCardsHere();
    await expect.poll(shownIds).toEqual(all);
    expect(cardsState.cards.find((card) => card.id === shared.id)?.data.cardholder).toBe('Grace Hopper');
  });
});

describe('an account with cards but no password record (PASSWORD_MISSING)', () => {
  /** An account whose record went missing (rules aside: the server keeps a record while cards exist). */
  async function accountWithoutRecord(): Promise<string> {
    const uid = await createdAccount(makeCards(61, 2));
    await signOut();
    await writeRulesAside(`${uid}/auth`, null);
    return uid;
  }

  test('offers no new password, and leaves this device exactly as it was', async () => {
    const uid = await accountWithoutRecord();
    const own = makeCards(62, 2);
    seedPlainCards(own);
    await freshPage();
    await createPin(PIN);
    const raw = [localStorage.getItem('sleeve/cards'), localStorage.getItem('sleeve/auth')];

    expect(await googleSignIn()).toBe(uid);
    expect(await continueSignIn()).toBe('PASSWORD_MISSING');
    const missing =
      "This account's cards cannot be opened: its password record is missing from the server, and a new password would not open them.";
    expect((await rejectionOf(createAccountPassword(PASSWORD))).message).toBe(missing);
    expect((await rejectionOf(enterAccountPassword(PASSWORD))).message).toBe(missing);
    expect(await db.readPasswordRecord(uid)).toBeNull();
    expect([localStorage.getItem('sleeve/cards'), localStorage.getItem('sleeve/auth')]).toEqual(raw);

    // Signing out from this step leaves this device as it was: its own cards and PIN, unlocked.
    await abandonSignIn();
    expect(auth.currentUser).toBeNull();
    expect([localStorage.getItem('sleeve/cards'), localStorage.getItem('sleeve/auth')]).toEqual(raw);
    expect(appState.user).toBeNull();
    expect(shownIds()).toEqual(ids(own));
  });

  test("deleting the account from this step removes the account's cards, and keeps this device's", async () => {
    const uid = await accountWithoutRecord();
    const own = makeCards(63, 2);
    seedPlainCards(own);
    await freshPage();
    const raw = localStorage.getItem('sleeve/cards');
    await googleSignIn();
    expect(await continueSignIn()).toBe('PASSWORD_MISSING');
    let underUid: unknown = 'not read yet';
    const stop = onValue(ref(database, uid), (snapshot) => {
      underUid = snapshot.val();
    });
    await expect.poll(() => underUid).not.toBeNull();
    await removeAccount();
    stop();
    expect(underUid).toBeNull();
    expect(toastState.message).toBe('Account has been deleted');
    expect(auth.currentUser).toBeNull();
    expect(localStorage.getItem('sleeve/cards')).toBe(raw);
    expect(shownIds()).toEqual(ids(own));
    // A new sign-in starts a new, empty account, which takes this device's cards.
    await googleSignIn();
    expect(await continueSignIn()).toBe('CREATE_PASSWORD');
  });
});

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
    await db.setPasswordRecord(uid, record);

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
    await db.setPasswordRecord(uid, record);
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
