/**
 * Two tabs of one browser profile on the built app share one device's storage. Whatever one tab changes, the other
 * follows without a reload: cards added in either tab are all kept, even when both save at the same moment; a PIN
 * created in one tab locks the other and is never undone by it; edits, deletes and the PIN's removal show at once.
 * Signing in and out: tabs-account.test.ts.
 */
import { expect, it } from 'vitest';
import { addCard, fillNewCard, MASTERCARD, storedItem, type TypedCard, typePin, VISA } from './support/actions';
import { createPinFromSecurity, openSecurity } from './support/pin-flows';
import { holdStorageLock, waitingStorageWrites } from './support/storage-lock';
import {
  cardLink,
  everythingStored,
  goHome,
  inFront,
  isCiphertext,
  shownCards,
  storedCards,
  twoTabsPerTest,
} from './support/two-tabs';

const PIN = '274951';
const CHANGED_ELSEWHERE = 'Sleeve was changed in another tab, so nothing was changed here. Check and try again.';

const DISCOVER: TypedCard = {
  number: '6011000990139424',
  expiry: '0330',
  holder: 'Katherine Johnson',
  issuer: 'Bee Savings',
  cvv: '456',
  network: 'DISCOVER',
};
/** A card typed in one tab during one round of saving at the same moment. */
const roundCard = (round: number, side: 'East' | 'West'): TypedCard => ({
  number: `40000000000${round}${side === 'East' ? '1' : '2'}000`.slice(0, 16),
  expiry: '0929',
  holder: `${side} Holder ${round}`,
  issuer: `Round ${round} ${side}`,
  cvv: '',
  network: 'VISA',
});
const ROUNDS = 5;

const twoTabs = twoTabsPerTest();

it('keeps every card added in either tab, one after the other, and shows them all in both without a reload', async () => {
  const [a, b] = await twoTabs();
  const visa = await addCard(await inFront(a), VISA);
  await cardLink(b.page, 'First Bank').waitFor();
  const mastercard = await addCard(await inFront(b), MASTERCARD);
  const discover = await addCard(await inFront(a), DISCOVER);
  await goHome(a.page);
  await goHome(await inFront(b));
  for (const tab of [a, b]) {
    for (const issuer of ['First Bank', 'Harbour Credit', 'Bee Savings']) await cardLink(tab.page, issuer).waitFor();
    expect(await shownCards(tab.page)).toBe(3);
  }
  const stored = await storedCards(b.page);
  expect(stored.type).toBe('UNENCRYPTED');
  expect(Object.keys(stored.cards).sort()).toEqual([visa, mastercard, discover].sort());
  expect(stored.cards[visa]?.data).toMatchObject({ number: VISA.number, cardholder: VISA.holder });
  expect(stored.cards[mastercard]?.data).toMatchObject({ number: MASTERCARD.number, cardholder: MASTERCARD.holder });
  expect(stored.cards[discover]?.data).toMatchObject({ number: DISCOVER.number, cardholder: DISCOVER.holder });
  expect([...a.errors, ...b.errors]).toEqual([]);
});

it('keeps both cards when the two tabs save at the same moment', async () => {
  const [a, b] = await twoTabs();
  const together: string[] = [];
  const issuers: string[] = [];
  // A few rounds: in each, both saves wait for the storage lock together, then write in turn.
  for (let round = 1; round <= ROUNDS; round += 1) {
    const [east, west] = [roundCard(round, 'East'), roundCard(round, 'West')];
    await fillNewCard(await inFront(a), east);
    await fillNewCard(await inFront(b), west);
    const release = await holdStorageLock(a.page);
    await (await inFront(a)).getByRole('button', { name: 'Save' }).click();
    if (round === 1)
      await a.page.getByRole('dialog', { name: 'Protect your cards' }).getByRole('button', { name: 'Skip' }).click();
    await expect.poll(() => waitingStorageWrites(a.page)).toBe(1);
    await (await inFront(b)).getByRole('button', { name: 'Save' }).click();
    if (round === 1)
      await b.page.getByRole('dialog', { name: 'Protect your cards' }).getByRole('button', { name: 'Skip' }).click();
    await expect.poll(() => waitingStorageWrites(a.page)).toBe(2);
    await release();
    const opened = /\/home\/cards\/([A-Za-z0-9]{8})$/;
    await a.page.waitForURL(opened);
    await b.page.waitForURL(opened);
    together.push(a.page.url().split('/').pop() as string, b.page.url().split('/').pop() as string);
    issuers.push(east.issuer, west.issuer);
  }

  // A tab's view of storage may lag a moment behind the other tab's write; a card lost never comes back.
  await expect
    .poll(async () => Object.keys((await storedCards(a.page)).cards).sort(), { timeout: 5_000 })
    .toEqual([...together].sort());
  expect((await storedCards(a.page)).type).toBe('UNENCRYPTED');
  for (const tab of [a, b]) {
    await goHome(await inFront(tab));
    for (const issuer of issuers) await cardLink(tab.page, issuer).waitFor();
    expect(await shownCards(tab.page)).toBe(together.length);
  }
  expect([...a.errors, ...b.errors]).toEqual([]);
});

it('never undoes a PIN created in the other tab: that tab locks, and what it adds after unlocking is encrypted', async () => {
  const [a, b] = await twoTabs();
  const visa = await addCard(await inFront(a), VISA);
  await cardLink(b.page, 'First Bank').waitFor();

  await createPinFromSecurity(a.page, PIN);
  // B locks on its own, without a reload.
  await b.page.waitForURL(/\/pin\/unlock$/);
  await b.page.getByText('Unlock using your PIN.').waitFor();
  expect(await shownCards(b.page)).toBe(0);

  await typePin(await inFront(b), PIN);
  await b.page.waitForURL(/\/home$/);
  await cardLink(b.page, 'First Bank').waitFor();
  const mastercard = await addCard(b.page, MASTERCARD);

  // A, unlocked all along, shows B's card without a reload.
  await goHome(await inFront(a));
  await cardLink(a.page, 'Harbour Credit').waitFor();
  await cardLink(a.page, 'First Bank').waitFor();

  const stored = await storedCards(b.page);
  expect(stored.type).toBe('ENCRYPTED');
  expect(Object.keys(stored.cards).sort()).toEqual([visa, mastercard].sort());
  expect(Object.values(stored.cards).every(isCiphertext)).toBe(true);
  expect(await storedItem(b.page, 'sleeve/auth')).toEqual({
    password: null,
    pin: {
      salt: expect.any(String),
      encryptedDek: { ciphertext: expect.any(String), iv: expect.any(String) },
      device: { iv: expect.any(String), version: 2 },
      modifiedAt: expect.any(Number),
    },
    passkey: null,
  });
  const everything = await everythingStored(b.page);
  for (const card of [VISA, MASTERCARD]) {
    expect(everything).not.toContain(card.number);
    expect(everything).not.toContain(card.holder);
    expect(everything).not.toContain(card.issuer);
  }
  expect([...a.errors, ...b.errors]).toEqual([]);
});

it('refuses to store a card left plain by a save that began before a PIN was created in the other tab', async () => {
  const [a, b] = await twoTabs();
  const visa = await addCard(await inFront(a), VISA);
  // B types a card; A is about to store its first PIN.
  await fillNewCard(await inFront(b), MASTERCARD);
  await openSecurity(await inFront(a));
  await a.page.getByRole('button', { name: 'Create PIN' }).click();
  await a.page.getByRole('heading', { name: 'Create a PIN' }).waitFor();
  await typePin(a.page, PIN);
  await a.page.getByRole('heading', { name: 'Confirm your PIN' }).waitFor();
  await typePin(a.page, PIN.slice(0, 5));
  // A's PIN write waits for the lock first, then B's save, which sealed the card plain for a device without a PIN.
  const release = await holdStorageLock(a.page);
  await typePin(a.page, PIN.slice(5));
  await expect.poll(() => waitingStorageWrites(a.page)).toBe(1);
  await (await inFront(b)).getByRole('button', { name: 'Save' }).click();
  // First save on an unprotected tab: the PIN recommendation comes first; skipping it saves the card as it is.
  await b.page.getByRole('dialog', { name: 'Protect your cards' }).getByRole('button', { name: 'Skip' }).click();
  await expect.poll(() => waitingStorageWrites(a.page)).toBe(2);
  // The refusal is told in a toast that lasts three seconds: watch for it before the writes go ahead.
  const refused = b.page.getByText(CHANGED_ELSEWHERE).waitFor();
  await release();

  await refused;
  await b.page.waitForURL(/\/pin\/unlock$/);
  await a.page.getByText('PIN has been created').waitFor();

  // Read in B, the tab that would have written the plain card: its own write would show there at once.
  await expect.poll(async () => (await storedCards(b.page)).type, { timeout: 5_000 }).toBe('ENCRYPTED');
  const stored = await storedCards(b.page);
  expect(Object.keys(stored.cards)).toEqual([visa]);
  expect(Object.values(stored.cards).every(isCiphertext)).toBe(true);
  expect(((await storedItem(b.page, 'sleeve/auth')) as { pin: unknown }).pin).not.toBeNull();
  const everything = await everythingStored(b.page);
  expect(everything).not.toContain(MASTERCARD.number);
  expect(everything).not.toContain(MASTERCARD.holder);

  // B unlocks to the cards as stored; the refused card is not among them.
  await typePin(b.page, PIN);
  await b.page.waitForURL(/\/home$/);
  await cardLink(b.page, 'First Bank').waitFor();
  expect(await cardLink(b.page, 'Harbour Credit').count()).toBe(0);
  expect([...a.errors, ...b.errors]).toEqual([]);
});

it('shows a card edited in one tab as edited in the other, on its list and on its open detail screen', async () => {
  const [a, b] = await twoTabs();
  const visa = await addCard(await inFront(a), VISA);
  await addCard(a.page, MASTERCARD);
  await cardLink(await inFront(b), 'First Bank').click();
  await b.page.waitForURL(new RegExp(`/home/cards/${visa}$`));
  await b.page.getByText('Ada Lovelace').first().waitFor();

  await goHome(await inFront(a));
  await cardLink(a.page, 'First Bank').click();
  await a.page.getByRole('link', { name: 'Edit', exact: true }).click();
  await a.page.getByLabel('Cardholder', { exact: true }).fill('Ada King');
  await a.page.getByLabel('Issuer').fill('First Savings');
  await a.page.getByRole('button', { name: 'Update' }).click();
  await a.page.getByText('Card updated').waitFor();

  // B's open detail screen shows the edit without a reload.
  await b.page.getByText('Ada King').first().waitFor();
  await b.page.getByText('First Savings').first().waitFor();
  expect(await b.page.getByText('Ada Lovelace').count()).toBe(0);
  expect(b.page.url()).toMatch(new RegExp(`/home/cards/${visa}$`));

  // The other way round, seen on A's list.
  await goHome(a.page);
  await (await inFront(b)).getByRole('link', { name: 'Edit', exact: true }).click();
  await b.page.getByLabel('Cardholder', { exact: true }).fill('Augusta Ada King');
  await b.page.getByRole('button', { name: 'Update' }).click();
  await b.page.getByText('Card updated').waitFor();
  await a.page.getByText('Augusta Ada King').first().waitFor();
  await cardLink(a.page, 'First Savings').waitFor();
  expect(await cardLink(a.page, 'First Bank').count()).toBe(0);
  expect(await shownCards(a.page)).toBe(2);

  const stored = await storedCards(a.page);
  expect(stored.cards[visa]?.data).toMatchObject({ cardholder: 'Augusta Ada King', issuer: 'First Savings' });
  expect([...a.errors, ...b.errors]).toEqual([]);
});

it('removes a card deleted in one tab from the other, and opens the other plain when the PIN is removed', async () => {
  const [a, b] = await twoTabs();
  const visa = await addCard(await inFront(a), VISA);
  const mastercard = await addCard(a.page, MASTERCARD);
  await createPinFromSecurity(a.page, PIN);
  await b.page.waitForURL(/\/pin\/unlock$/);
  await typePin(await inFront(b), PIN);
  await b.page.waitForURL(/\/home$/);

  // B has the Mastercard open when A deletes it: B leaves the card and lists only the Visa.
  await cardLink(b.page, 'Harbour Credit').click();
  await b.page.waitForURL(new RegExp(`/home/cards/${mastercard}$`));
  await goHome(await inFront(a));
  await cardLink(a.page, 'Harbour Credit').click();
  await a.page.getByRole('button', { name: 'Delete' }).click();
  await a.page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await a.page.getByText('Card deleted').waitFor();
  await b.page.waitForURL(/\/home$/);
  await cardLink(b.page, 'First Bank').waitFor();
  await expect.poll(() => cardLink(b.page, 'Harbour Credit').count()).toBe(0);
  expect(await shownCards(b.page)).toBe(1);
  expect(Object.keys((await storedCards(a.page)).cards)).toEqual([visa]);

  // B, locked again by a reload, opens plain as soon as A removes the PIN.
  await (await inFront(b)).reload();
  await b.page.waitForURL(/\/pin\/unlock$/);
  await openSecurity(await inFront(a));
  await a.page.getByRole('button', { name: 'Remove PIN' }).click();
  await a.page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await a.page.getByRole('heading', { name: 'Verify your PIN' }).waitFor();
  await typePin(a.page, PIN);
  await a.page.getByText('PIN has been removed').waitFor();
  await b.page.waitForURL(/\/home$/);
  await cardLink(b.page, 'First Bank').waitFor();
  expect(await shownCards(b.page)).toBe(1);

  // What B adds now is stored plain, beside the Visa, as on any device without a PIN; A shows it.
  await goHome(a.page);
  const added = await addCard(await inFront(b), DISCOVER);
  await cardLink(a.page, 'Bee Savings').waitFor();
  const stored = await storedCards(b.page);
  expect(stored.type).toBe('UNENCRYPTED');
  expect(Object.keys(stored.cards).sort()).toEqual([visa, added].sort());
  expect(stored.cards[visa]?.data).toMatchObject({ number: VISA.number, cardholder: VISA.holder });
  expect(stored.cards[added]?.data).toMatchObject({ number: DISCOVER.number, cardholder: DISCOVER.holder });
  expect(await storedItem(b.page, 'sleeve/auth')).toEqual({ password: null, pin: null, passkey: null });
  expect([...a.errors, ...b.errors]).toEqual([]);
});
