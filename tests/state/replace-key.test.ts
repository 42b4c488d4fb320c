/**
 * Replacing the key from this device, where it cannot be done: a change still waiting, no connection, or a card
 * changed on another device between the read and the write. Each is refused in plain words and nothing changes:
 * the server keeps its record and cards, this device its records, and the key held still opens every card. Real
 * worker, real storage, real SDK against the local backend.
 */
import { signOut as firebaseSignOut, GoogleAuthProvider, signInWithCredential } from 'firebase/auth';
import { onValue, ref } from 'firebase/database';
import { afterEach, beforeEach, expect, test } from 'vitest';
import type { EncryptedCard, PlainCard } from '../../src/domain/card';
import { getEngine } from '../../src/engine';
import { accountServer as db } from '../../src/remote';
import { auth } from '../../src/remote/firebase';
import { cardsState, saveCard } from '../../src/state/cards';
import { signOut } from '../../src/state/leave';
import { startApp } from '../../src/state/lifecycle';
import { changePasswordAndKey, ReplaceKeyMessages } from '../../src/state/replace-key';
import { verifyPassword } from '../../src/state/secrets';
import { continueSignIn, createAccountPassword } from '../../src/state/sign-in';
import { rejectionOf } from '../support/engine-rejection';
import { stopEngines } from '../support/engine-worker';
import { appOffline, appOnline, database } from '../support/page-database';
import { seedPlainCards, storedJson } from '../support/seed-storage';
import { makeCards } from '../support/seeded';

const PASSWORD = 'Account password 1!';
const NEXT = 'Replaced password 2?é';

const serverValue = (path: string): Promise<unknown> =>
  new Promise((resolve, reject) => onValue(ref(database, path), (s) => resolve(s.val()), reject, { onlyOnce: true }));
const ids = (cards: readonly { id: string }[]) => cards.map((card) => card.id).sort();

/** A signed-in device whose new account holds `cards`, moved up under its password. */
async function account(cards: PlainCard[]): Promise<string> {
  seedPlainCards(cards);
  await getEngine().lock();
  await startApp();
  const sub = `replace-${crypto.randomUUID()}`;
  const credential = GoogleAuthProvider.credential(JSON.stringify({ sub, email: `${sub}@example.com`, name: 'Ada' }));
  const { uid } = (await signInWithCredential(auth, credential)).user;
  expect(await continueSignIn()).toBe('CREATE_PASSWORD');
  expect(await createAccountPassword(PASSWORD)).toBe('created');
  await expect.poll(() => ids(cardsState.cards)).toEqual(ids(cards));
  await expect.poll(async () => Object.keys((await serverValue(`${uid}/cards`)) ?? {}).length).toBe(cards.length);
  return uid;
}

/** The account's records, on the server and on this device: what a refused replacement must leave as they are. */
async function records(uid: string) {
  return { server: await serverValue(`${uid}/auth`), device: storedJson('auth') };
}

/** The records as `before`, and the key held still the account's: every card on the server opens with it. */
async function expectNothingChanged(uid: string, before: Awaited<ReturnType<typeof records>>, cards: PlainCard[]) {
  expect(await records(uid)).toEqual(before);
  const opened = await getEngine().openCollection({
    type: 'ENCRYPTED',
    cards: (await serverValue(`${uid}/cards`)) as Record<string, EncryptedCard>,
  });
  expect(ids(opened.cards)).toEqual(ids(cards));
  expect(opened.unreadable).toEqual([]);
}

beforeEach(async () => {
  await getEngine().lock();
});

afterEach(async () => {
  await appOnline();
  if (auth.currentUser) await signOut();
  await firebaseSignOut(auth);
  stopEngines();
});

test('with a change still waiting, or without a connection, nothing is replaced', async () => {
  const cards = makeCards(301, 3);
  const uid = await account(cards);
  const before = await records(uid);
  await verifyPassword(PASSWORD);
  await appOffline();
  expect((await rejectionOf(changePasswordAndKey(PASSWORD, NEXT))).message).toBe(ReplaceKeyMessages.offline);

  const [first] = cards;
  if (!first) throw new Error('no card');
  await saveCard({ id: first.id, data: { ...first.data, cardholder: 'Ada King' } });
  await expect.poll(() => cardsState.waiting).toBe(1);
  expect((await rejectionOf(changePasswordAndKey(PASSWORD, NEXT))).message).toBe(ReplaceKeyMessages.waiting);
  await appOnline();
  await expect.poll(() => cardsState.waiting, { timeout: 15_000 }).toBe(0);
  await expectNothingChanged(uid, before, cards);
  expect(cardsState.cards.find((card) => card.id === first.id)?.data.cardholder).toBe('Ada King');
});

test('a card changed on another device while the key is replaced refuses the whole write', async () => {
  const cards = makeCards(302, 3);
  const uid = await account(cards);
  const before = await records(uid);
  const engine = getEngine();
  const derived = await engine.derivationCount();
  const replacing = rejectionOf(changePasswordAndKey(PASSWORD, NEXT));
  // The server's cards were read and the new key is being made: another device edits a card now.
  await expect.poll(() => engine.derivationCount(), { interval: 5 }).toBeGreaterThan(derived);
  const server = (await serverValue(`${uid}/cards`)) as Record<string, EncryptedCard>;
  const [card] = Object.values(server);
  if (!card) throw new Error('no card');
  const edited = { ...card, modifiedAt: card.modifiedAt + 1 };
  await db.putCards(uid, [edited]);

  expect((await replacing).message).toBe(ReplaceKeyMessages.changedMeanwhile);
  await expectNothingChanged(uid, before, cards);
  expect(((await serverValue(`${uid}/cards`)) as Record<string, EncryptedCard>)[card.id]).toEqual(edited);
});
