/**
 * Signing in through the real worker, real storage and a real local backend (Auth emulator + realtime database
 * server with per-uid rules): a new account, an existing one on a second device, and one with cards but no password
 * record. Google's popup cannot run here, so each test signs in the way the popup ends (tests/support/account-flows.ts)
 * and then calls the step that follows the popup. Signed in: account-signed-in.test.ts.
 */
import { onValue, ref } from 'firebase/database';
import { describe, expect, test } from 'vitest';
import type { PlainCard } from '../../src/domain/card';
import { Messages } from '../../src/domain/errors';
import type { SecretRecord } from '../../src/domain/secret';
import { getEngine } from '../../src/engine';
import { accountServer as db } from '../../src/remote';
import { auth } from '../../src/remote/firebase';
import { cardsState } from '../../src/state/cards';
import { gateFor } from '../../src/state/gate';
import { removeAccount, signOut } from '../../src/state/leave';
import { appState } from '../../src/state/lifecycle';
import { createPin } from '../../src/state/pin-changes';
import { unlockWithPin, verifyPin } from '../../src/state/secrets';
import { abandonSignIn, continueSignIn, createAccountPassword, enterAccountPassword } from '../../src/state/sign-in';
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
  PASSWORD,
  PIN,
  serverValue,
  shownIds,
} from '../support/account-flows';
import { rejectionOf } from '../support/engine-rejection';
import { writeRulesAside } from '../support/google';
import { database } from '../support/page-database';
import { seedPlainCards, storedJson } from '../support/seed-storage';
import { makeCards } from '../support/seeded';

freshDeviceEachTest();

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
