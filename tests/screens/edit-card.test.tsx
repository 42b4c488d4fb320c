import { signOut as firebaseSignOut } from 'firebase/auth';
import { expect, onTestFinished, test } from 'vitest';
import { page } from 'vitest/browser';
import { DateMessages } from '../../src/domain/card-dates';
import { auth } from '../../src/remote/firebase';
import { cardsState } from '../../src/state/cards';
import { signOut } from '../../src/state/leave';
import { continueSignIn, createAccountPassword } from '../../src/state/sign-in';
import { expectNoAxeViolations } from '../support/axe';
import { googleSignIn, serverValue, uniqueSub, writeRulesAside } from '../support/google';
import { makeCard, renderApp, storedCards } from '../support/render';

const card = makeCard({ issuer: 'Old Bank', cardholder: 'Ada Lovelace', expiry: '01/27' }, { id: 'Edit0001' });

test('the form starts filled in; Update saves, goes back one step and confirms', async () => {
  await renderApp(`/home/cards/${card.id}`, { cards: [card] });
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect.poll(() => window.location.pathname).toBe(`/home/cards/${card.id}/edit`);
  await expect.element(page.getByRole('heading', { name: 'Edit Card', level: 1 })).toBeVisible();
  await expect.element(page.getByLabelText('Card number')).toHaveValue('4111 1111 1111 1111');
  await expect.element(page.getByLabelText('Issuer')).toHaveValue('Old Bank');
  await expect.element(page.getByRole('radio', { name: 'Theme Sky' })).toBeChecked();
  await expectNoAxeViolations();

  await page.getByLabelText('Issuer').fill('  New Bank  ');
  await page.getByLabelText('Network').selectOptions('Mastercard');
  await page.getByRole('radio', { name: 'Theme Rose' }).click();
  await page.getByRole('button', { name: 'Update' }).click();

  await expect.poll(() => window.location.pathname).toBe(`/home/cards/${card.id}`);
  await expect.element(page.getByText('Card updated')).toHaveAttribute('data-type', 'success');
  const stored = storedCards().cards[card.id];
  expect(stored?.data).toMatchObject({ issuer: 'New Bank', network: 'MASTERCARD', theme: 'ROSE' });
  expect(stored?.modifiedAt).toBeGreaterThan(card.modifiedAt);
  await expect.element(page.getByRole('definition').nth(3)).toHaveTextContent('New Bank');
});

test("the header's Done submits too, and invalid input is not saved", async () => {
  await renderApp(`/home/cards/${card.id}`, { cards: [card] });
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect
    .element(page.getByRole('button', { name: 'Done' }))
    .toHaveAccessibleDescription('Saves this card, as Update below does');
  await page.getByLabelText('Cardholder').fill('A');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect.element(page.getByText('Cardholder name must be at least 2 characters long')).toBeVisible();
  expect(window.location.pathname).toBe(`/home/cards/${card.id}/edit`);
  expect(storedCards().cards[card.id]?.data.cardholder).toBe('Ada Lovelace');

  await page.getByLabelText('Cardholder').fill('Grace Hopper');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect.poll(() => window.location.pathname).toBe(`/home/cards/${card.id}`);
  expect(storedCards().cards[card.id]?.data.cardholder).toBe('Grace Hopper');
});

test('an unknown id goes back to /home', async () => {
  await renderApp('/home/cards/missing1/edit', { cards: [card] });
  await expect.poll(() => window.location.pathname).toBe('/home');
});

test('a network picked by hand before stays as the number is edited; one that matched the number follows it', async () => {
  const picked = makeCard({ number: '4111111111111111', network: 'MASTERCARD' }, { id: 'Picked01' });
  const matching = makeCard({ number: '4111111111111111', network: 'VISA', cvv: '' }, { id: 'Follow01' });
  const { unmount } = await renderApp(`/home/cards/${picked.id}/edit`, { cards: [picked, matching] });
  await page.getByLabelText('Card number').fill('5555555555554444');
  await expect.element(page.getByLabelText('Network')).toHaveValue('MASTERCARD');
  await unmount();

  // Opened from the card, as a person does: Update goes back one step, to it.
  await renderApp(`/home/cards/${matching.id}`, { cards: [picked, matching] });
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await page.getByLabelText('Card number').fill('378282246310005');
  await expect.element(page.getByLabelText('Network')).toHaveValue('AMEX');
  await page.getByLabelText('CVV').fill('1234');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect.poll(() => window.location.pathname).toBe(`/home/cards/${matching.id}`);
  expect(storedCards().cards[matching.id]?.data).toMatchObject({
    number: '378282246310005',
    network: 'AMEX',
    cvv: '1234',
  });
  await expect.element(page.getByRole('definition').nth(0)).toHaveTextContent(/^3782 822463 10005$/);
});

test('signed in, a card another device dated further ahead than the server accepts: Update says why, and the form keeps what was typed', async () => {
  await renderApp(`/home/cards/${card.id}`, { cards: [card] });
  const uid = await googleSignIn(uniqueSub());
  onTestFinished(async () => {
    await signOut();
    await firebaseSignOut(auth);
  });
  await continueSignIn();
  await createAccountPassword('Account password 1!');
  const path = `${uid}/cards/${card.id}`;
  await expect.poll(() => serverValue(path)).not.toBeNull();
  const ahead = Date.now() + 60 * 60_000;
  await writeRulesAside(path, { ...((await serverValue(path)) as object), modifiedAt: ahead });
  await expect.poll(() => cardsState.cards.find((shown) => shown.id === card.id)?.modifiedAt).toBe(ahead);

  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await page.getByLabelText('Cardholder').fill('Grace Hopper');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect.element(page.getByText(DateMessages.datedAhead)).toHaveAttribute('data-type', 'error');
  expect(window.location.pathname).toBe(`/home/cards/${card.id}/edit`);
  await expect.element(page.getByLabelText('Cardholder')).toHaveValue('Grace Hopper');
  expect(((await serverValue(path)) as { modifiedAt: number }).modifiedAt).toBe(ahead);
});
