/** What Home shows of each card: expiry flags and the order by expiry, and numbers of every length grouped and masked. */
import { describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { expectNoAxeViolations } from '../support/axe';
import { cardLinks, search, visa } from '../support/home-screen';
import { expiryIn, makeCard, renderApp } from '../support/render';

describe('expiry on Home', () => {
  const newest = makeCard({ issuer: 'Newest', number: '4000000000000002', expiry: expiryIn(24) }, { modifiedAt: 5000 });
  const expired = makeCard(
    { issuer: 'Lapsed', number: '5555555555554444', expiry: expiryIn(-3) },
    { modifiedAt: 4000 },
  );
  const soon = makeCard(
    { issuer: 'Soon', number: '378282246310005', network: 'AMEX', expiry: expiryIn(1) },
    { modifiedAt: 3000 },
  );
  const later = makeCard({ issuer: 'Later', number: '6011000990139424', expiry: expiryIn(6) }, { modifiedAt: 2000 });
  const cards = [newest, expired, soon, later];
  const names = () =>
    cardLinks()
      .elements()
      .map((link) => link.getAttribute('aria-label'));

  test('flags expired and expiring cards on their previews and in their names', async () => {
    await renderApp('/home', { cards });
    await expect
      .element(
        page.getByRole('link', { name: `Lapsed Visa ending 4444, Ada Lovelace, expired ${expired.data.expiry}` }),
      )
      .toBeVisible();
    await expect
      .element(
        page.getByRole('link', {
          name: `Soon American Express ending 0005, Ada Lovelace, expires soon, ${soon.data.expiry}`,
        }),
      )
      .toBeVisible();
    await expect
      .element(page.getByRole('link', { name: `Later Visa ending 9424, Ada Lovelace, expires ${later.data.expiry}` }))
      .toBeVisible();
    expect(page.getByText('Expired', { exact: true }).elements()).toHaveLength(1);
    expect(page.getByText('Expires soon', { exact: true }).elements()).toHaveLength(1);
    await expectNoAxeViolations();
  });

  test('one tap shows the expiring cards first, and another goes back to newest first', async () => {
    await renderApp('/home', { cards });
    const toggle = page.getByRole('button', { name: 'Expiring first' });
    await expect.element(toggle).toHaveAttribute('aria-pressed', 'false');
    await expect
      .poll(names)
      .toEqual([
        `Newest Visa ending 0002, Ada Lovelace, expires ${newest.data.expiry}`,
        `Lapsed Visa ending 4444, Ada Lovelace, expired ${expired.data.expiry}`,
        `Soon American Express ending 0005, Ada Lovelace, expires soon, ${soon.data.expiry}`,
        `Later Visa ending 9424, Ada Lovelace, expires ${later.data.expiry}`,
      ]);

    await toggle.click();
    await expect.element(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect
      .poll(names)
      .toEqual([
        `Lapsed Visa ending 4444, Ada Lovelace, expired ${expired.data.expiry}`,
        `Soon American Express ending 0005, Ada Lovelace, expires soon, ${soon.data.expiry}`,
        `Later Visa ending 9424, Ada Lovelace, expires ${later.data.expiry}`,
        `Newest Visa ending 0002, Ada Lovelace, expires ${newest.data.expiry}`,
      ]);
    await expectNoAxeViolations();

    // A search keeps the order: '2' is in three of the numbers.
    await search().fill('2');
    await expect.element(page.getByText('Showing 3 out of 4 card(s)')).toBeVisible();
    await expect
      .poll(names)
      .toEqual([
        `Soon American Express ending 0005, Ada Lovelace, expires soon, ${soon.data.expiry}`,
        `Later Visa ending 9424, Ada Lovelace, expires ${later.data.expiry}`,
        `Newest Visa ending 0002, Ada Lovelace, expires ${newest.data.expiry}`,
      ]);
    await page.getByRole('button', { name: 'Clear' }).click();

    await toggle.click();
    await expect.element(toggle).toHaveAttribute('aria-pressed', 'false');
    await expect
      .poll(names)
      .toEqual([
        `Newest Visa ending 0002, Ada Lovelace, expires ${newest.data.expiry}`,
        `Lapsed Visa ending 4444, Ada Lovelace, expired ${expired.data.expiry}`,
        `Soon American Express ending 0005, Ada Lovelace, expires soon, ${soon.data.expiry}`,
        `Later Visa ending 9424, Ada Lovelace, expires ${later.data.expiry}`,
      ]);
  });

  test('a tap shows the button pressed at once, and the list takes its new order just after', async () => {
    await renderApp('/home', { cards });
    const toggle = page.getByRole('button', { name: 'Expiring first' });
    await expect.poll(() => names()[0]).toBe(`Newest Visa ending 0002, Ada Lovelace, expires ${newest.data.expiry}`);
    // The first row's card as the button's pressed state reaches the page (its commit), and then once it settles.
    let firstAtPress: string | null | undefined;
    const button = toggle.element();
    const observer = new MutationObserver(() => {
      if (button.getAttribute('aria-pressed') === 'true') firstAtPress ??= names()[0];
    });
    observer.observe(button, { attributes: true, attributeFilter: ['aria-pressed'] });
    try {
      await toggle.click();
      await expect.poll(() => names()[0]).toBe(`Lapsed Visa ending 4444, Ada Lovelace, expired ${expired.data.expiry}`);
    } finally {
      observer.disconnect();
    }
    expect(firstAtPress).toBe(`Newest Visa ending 0002, Ada Lovelace, expires ${newest.data.expiry}`);
  });

  test('the order chosen stays while visiting a card and coming back', async () => {
    await renderApp('/home', { cards });
    await page.getByRole('button', { name: 'Expiring first' }).click();
    await page
      .getByRole('link', { name: `Later Visa ending 9424, Ada Lovelace, expires ${later.data.expiry}` })
      .click();
    await expect.poll(() => window.location.pathname).toBe(`/home/cards/${later.id}`);
    await page.getByRole('link', { name: 'Back' }).click();
    await expect.element(page.getByRole('button', { name: 'Expiring first' })).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => names()[0]).toBe(`Lapsed Visa ending 4444, Ada Lovelace, expired ${expired.data.expiry}`);
  });

  test('offers no ordering for a single card', async () => {
    await renderApp('/home', { cards: [newest] });
    await expect.element(cardLinks().first()).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Expiring first' })).not.toBeInTheDocument();
  });
});

describe('numbers of every length on Home', () => {
  test('groups each by its network and masks the middle of each', async () => {
    const amex = makeCard({ issuer: 'Amex', number: '378282246310005', network: 'AMEX' });
    const diners = makeCard({ issuer: 'Diners', number: '30569309025904', network: 'DINERS' });
    const long = makeCard({ issuer: 'Long', number: '6011000000000000001', network: 'DISCOVER' });
    const { unmount } = await renderApp('/home', { cards: [amex, diners, long] });
    for (const text of ['3782 822463 10005', '3056 930902 5904', '6011 0000 0000 0000 001']) {
      await expect.element(page.getByText(text)).toBeVisible();
    }
    await unmount();
    await renderApp('/home', {
      cards: [amex, diners, long],
      preferences: { userInterface: { maskCardNumber: true }, updates: { checkAtLaunch: true } },
    });
    for (const text of ['3782 •••••• •0005', '3056 •••••• 5904', '6011 •••• •••• •••0 001']) {
      await expect.element(page.getByText(text)).toBeVisible();
    }
    await expect.element(page.getByText('3782 822463 10005')).not.toBeInTheDocument();
  });

  test('a search finds an American Express number typed in its own groups', async () => {
    const amex = makeCard({ issuer: 'Amex', number: '378282246310005', network: 'AMEX' });
    await renderApp('/home', { cards: [amex, visa] });
    await search().fill('3782 822463');
    await expect.element(page.getByText('Showing 1 out of 2 card(s)')).toBeVisible();
    await expect
      .element(page.getByRole('link', { name: 'Amex American Express ending 0005, Ada Lovelace, expires 12/30' }))
      .toBeVisible();
  });
});
