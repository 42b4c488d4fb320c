/**
 * A card's details while signed in, through the real worker, real storage and the local backend: they go to the
 * account with their card (in the card's write, encrypted, at `{uid}/details/{id}`), wait in the outbox with it while
 * offline, come back on a fresh page, follow a sign-in that joins, survive an edit by a client that knows only SPEC's
 * fields, leave with a card that client removes, and go under a replaced key with the cards.
 */
import { signOut as firebaseSignOut } from 'firebase/auth';
import { ref, remove, set } from 'firebase/database';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { PlainCard } from '../../src/domain/card';
import { type CardDetails, NO_DETAILS } from '../../src/domain/card-details';
import type { SecretRecord } from '../../src/domain/secret';
import { getEngine } from '../../src/engine';
import { auth } from '../../src/remote/firebase';
import { cardsState, deleteCard, saveCard, saveNewCards } from '../../src/state/cards';
import { signOut } from '../../src/state/leave';
import { startApp } from '../../src/state/lifecycle';
import { createPin } from '../../src/state/pin-changes';
import { changePasswordAndKey } from '../../src/state/replace-key';
import { unlockWithPassword } from '../../src/state/secrets';
import { continueSignIn, createAccountPassword, enterAccountPassword } from '../../src/state/sign-in';
import { detailsState } from '../../src/state/store';
import { googleSignIn, serverValue, uniqueSub } from '../support/google';
import { inClear } from '../support/in-clear';
import { appOffline, appOnline, database } from '../support/page-database';
import { seed } from '../support/seed-commands';
import { seedPlainCards, storedJson } from '../support/seed-storage';
import { makeCards } from '../support/seeded';

const PASSWORD = 'Zoë’s wallet 🔐 2024';
const details: CardDetails = {
  ...NO_DETAILS,
  pin: '0481',
  notes: 'Reisekarte — keine Gebühren 😀',
  phone: '+49 30 1234567',
  website: 'https://bank.example/',
};
let uid = '';

type SealedRecord = { id: string; data: { cipherText: string; iv: string }; modifiedAt: number };
const serverDetails = async (id: string) => (await serverValue(`${uid}/details/${id}`)) as SealedRecord | null;
const shownIds = () => cardsState.cards.map((card) => card.id).sort();

async function freshPage(): Promise<void> {
  await getEngine().lock();
  await startApp();
  await unlockWithPassword(PASSWORD);
}

/** A wallet the seed's clients made (node:crypto), on the server: its DEK, so a test can write as those clients do. */
async function seedAccount(cards: PlainCard[]): Promise<string> {
  const wallet = await seed.seedWallet(PASSWORD, cards, Date.now() - 60_000);
  await set(ref(database, `${uid}/auth/password`), wallet.record as SecretRecord);
  await set(ref(database, `${uid}/cards`), wallet.collection.cards);
  return wallet.dek;
}

beforeEach(async () => {
  await getEngine().lock();
  localStorage.clear();
});

afterEach(async () => {
  await appOnline();
  if (auth.currentUser) await signOut();
  await firebaseSignOut(auth);
});

describe('signed in, a card’s details', () => {
  let card: PlainCard;
  beforeEach(async () => {
    [card] = makeCards(401, 1) as [PlainCard];
    seedPlainCards([card]);
    await startApp();
    uid = await googleSignIn(uniqueSub());
    await continueSignIn();
    await createAccountPassword(PASSWORD);
    await expect.poll(shownIds).toEqual([card.id]);
  });

  test('go to the account with the card, encrypted, and come back on a fresh page', async () => {
    await saveCard({ id: card.id, data: card.data, details });
    expect(detailsState.byCard[card.id]).toEqual(details);
    await expect.poll(() => serverDetails(card.id)).toMatchObject({ id: card.id, data: { iv: expect.any(String) } });
    const record = (await serverDetails(card.id)) as SealedRecord;
    const cardOnServer = (await serverValue(`${uid}/cards/${card.id}`)) as { modifiedAt: number };
    // One write: the details are dated as the change of the card they came with.
    expect(record.modifiedAt).toBe(cardOnServer.modifiedAt);
    expect(inClear(record, '0481')).toBe(false);
    expect(JSON.stringify(await serverValue(uid))).not.toContain('Reisekarte');

    await freshPage();
    await expect.poll(() => detailsState.byCard[card.id]).toEqual(details);
    // Kept for an offline start as the server's ciphertext, never in the clear.
    await expect.poll(() => (storedJson('details') as { type: string }).type).toBe('ENCRYPTED');
    expect(inClear(localStorage.getItem('sleeve/details'), '0481')).toBe(false);
  });

  test('wait in the outbox with their card while offline, encrypted, and land with it', async () => {
    await appOffline();
    await saveCard({ id: card.id, data: card.data, details });
    expect(detailsState.byCard[card.id]).toEqual(details);
    const waiting = (storedJson('outbox') as { cards: { [id: string]: { details?: SealedRecord } } }).cards[card.id];
    expect(waiting?.details).toMatchObject({ id: card.id, data: { cipherText: expect.any(String) } });
    expect(inClear(localStorage.getItem('sleeve/outbox'), '0481')).toBe(false);
    // A fresh page while still offline shows them from the outbox.
    await freshPage();
    await expect.poll(() => detailsState.byCard[card.id]).toEqual(details);
    await appOnline();
    await expect.poll(() => serverDetails(card.id)).not.toBeNull();
    await expect.poll(() => cardsState.waiting).toBe(0);
  });

  test('emptied, are dated so the emptying wins, and show as none', async () => {
    await saveCard({ id: card.id, data: card.data, details });
    await expect.poll(() => serverDetails(card.id)).not.toBeNull();
    const first = (await serverDetails(card.id)) as SealedRecord;
    await saveCard({ id: card.id, data: card.data, details: NO_DETAILS });
    expect(detailsState.byCard[card.id]).toBeUndefined();
    await expect.poll(async () => (await serverDetails(card.id))?.modifiedAt).toBeGreaterThan(first.modifiedAt);
    await freshPage();
    await expect.poll(shownIds).toEqual([card.id]);
    expect(detailsState.byCard[card.id]).toBeUndefined();
  });

  test('go with their card when it is deleted here, in the same write', async () => {
    await saveCard({ id: card.id, data: card.data, details });
    await expect.poll(() => serverDetails(card.id)).not.toBeNull();
    await deleteCard(card.id);
    await expect.poll(() => serverValue(`${uid}/cards/${card.id}`)).toBeNull();
    expect(await serverDetails(card.id)).toBeNull();
    expect(detailsState.byCard[card.id]).toBeUndefined();
  });

  test('come with imported cards', async () => {
    const [imported] = makeCards(402, 1) as [PlainCard];
    await saveNewCards([imported], new Map([[imported.id, details]]));
    expect(detailsState.byCard[imported.id]).toEqual(details);
    await expect.poll(() => serverDetails(imported.id)).not.toBeNull();
    await freshPage();
    await expect.poll(() => detailsState.byCard[imported.id]).toEqual(details);
  });

  test('go under the new key when the key is replaced, and still open', async () => {
    await saveCard({ id: card.id, data: card.data, details });
    await expect.poll(() => cardsState.waiting).toBe(0);
    const before = (await serverDetails(card.id)) as SealedRecord;
    await changePasswordAndKey(PASSWORD, PASSWORD.toUpperCase());
    const after = (await serverDetails(card.id)) as SealedRecord;
    expect(after.data.cipherText).not.toBe(before.data.cipherText);
    expect(after.modifiedAt).toBe(before.modifiedAt);
    await getEngine().lock();
    await startApp();
    await unlockWithPassword(PASSWORD.toUpperCase());
    await expect.poll(() => detailsState.byCard[card.id]).toEqual(details);
  });
});

describe('joining an account', () => {
  test.each([
    ['without a PIN', false],
    ['with a PIN', true],
  ])('%s, this device’s details go up with its cards and open on the account', async (_, withPin) => {
    const [own] = makeCards(403, 1) as [PlainCard];
    const [theirs] = makeCards(404, 1) as [PlainCard];
    seedPlainCards([own]);
    await startApp();
    if (withPin) await createPin('274951');
    await saveCard({ id: own.id, data: own.data, details });
    uid = await googleSignIn(uniqueSub());
    await seedAccount([theirs]);
    expect(await continueSignIn()).toBe('ENTER_PASSWORD');
    await enterAccountPassword(PASSWORD);
    await expect.poll(shownIds).toEqual([own.id, theirs.id].sort());
    await expect.poll(() => detailsState.byCard[own.id]).toEqual(details);
    expect(await serverDetails(own.id)).toMatchObject({ id: own.id });
    // The device keeps none of its own any more: the account holds them.
    expect(inClear(localStorage.getItem('sleeve/details'), '0481')).toBe(false);
  });
});

describe("a client that knows only SPEC's fields (node:crypto, as the seed's clients)", () => {
  let dek = '';
  let card: PlainCard;
  beforeEach(async () => {
    [card] = makeCards(405, 1) as [PlainCard];
    await startApp();
    uid = await googleSignIn(uniqueSub());
    dek = await seedAccount([card]);
    await continueSignIn();
    await enterAccountPassword(PASSWORD);
    await expect.poll(shownIds).toEqual([card.id]);
    await saveCard({ id: card.id, data: card.data, details });
    await expect.poll(() => serverDetails(card.id)).not.toBeNull();
  });

  test('editing the card keeps its details', async () => {
    const edited: PlainCard = {
      ...card,
      data: { ...card.data, issuer: 'Edited Elsewhere' },
      modifiedAt: Date.now() + 1_000,
    };
    const sealed = await seed.sealCards(dek, [edited]);
    await set(ref(database, `${uid}/cards/${card.id}`), sealed.cards[card.id]);
    await expect.poll(() => cardsState.cards[0]?.data.issuer).toBe('Edited Elsewhere');
    expect(detailsState.byCard[card.id]).toEqual(details);
    expect(await serverDetails(card.id)).not.toBeNull();
  });

  test('removing the card removes its details soon after', async () => {
    await remove(ref(database, `${uid}/cards/${card.id}`));
    await expect.poll(shownIds).toEqual([]);
    await expect.poll(() => serverDetails(card.id)).toBeNull();
    expect(detailsState.byCard[card.id]).toBeUndefined();
  });
});
