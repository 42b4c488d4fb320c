import type { ReactNode } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { page } from 'vitest/browser';
import type { Confirm } from '../../src/components/use-confirmed';
import type { CardDetails } from '../../src/domain/card-details';
import { NO_DETAILS } from '../../src/domain/card-details';
import { DetailRows } from '../../src/screens/home/DetailRows';
import { expectNoAxeViolations } from '../support/axe';
import { foundInPage } from '../support/found-in-page';
import { renderComponent } from '../support/render';

afterEach(() => {
  vi.restoreAllMocks();
});

const all: CardDetails = {
  pin: '4821',
  notes: 'Gate code on the back\nKept in the blue wallet',
  validFrom: '04/24',
  phone: '+1 (800) 555-0100',
  website: 'https://bank.example/',
};

/** As on the card's screen: under its title, so axe checks the rows as a person meets them. */
const CardPage = ({ children }: { children: ReactNode }) => (
  <main>
    <h1>Card</h1>
    {children}
  </main>
);

const renderRows = (details: Partial<CardDetails>, confirm?: Confirm) =>
  renderComponent(
    <CardPage>
      <DetailRows details={{ ...NO_DETAILS, ...details }} confirm={confirm} />
    </CardPage>,
  );

const labels = () =>
  page
    .getByRole('term')
    .elements()
    .map((term) => term.textContent);
/** A row's value as shown, without the buttons and links beside it. */
const shown = (label: string) =>
  page
    .getByRole('term')
    .elements()
    .find((term) => term.textContent === label)
    ?.nextElementSibling?.querySelector('.card-field-text')?.textContent;
const button = (name: string) => page.getByRole('button', { name });

describe('which rows', () => {
  test('every given detail has a row under the heading, in order, each with its copy button', async () => {
    await renderRows(all);
    await expect.element(page.getByRole('heading', { name: 'More details', level: 2 })).toBeVisible();
    expect(labels()).toEqual(['Card PIN', 'Notes', 'Valid from', 'Bank phone number', 'Bank website']);
    for (const label of labels()) await expect.element(button(`Copy ${label}`)).toBeVisible();
    expect(shown('Valid from')).toBe('04/24');
    expect(shown('Bank phone number')).toBe('+1 (800) 555-0100');
    await expectNoAxeViolations();
  });

  test('only the details that were given are shown', async () => {
    await renderRows({ validFrom: '04/24', website: 'bank.example' });
    expect(labels()).toEqual(['Valid from', 'Bank website']);
    await expect.element(button('Copy Card PIN')).not.toBeInTheDocument();
    await expect.element(button('Reveal card PIN')).not.toBeInTheDocument();
    await expectNoAxeViolations();
  });

  test('nothing at all when none were given', async () => {
    const { container } = await renderRows({});
    expect(container.innerHTML).toBe('<main><h1>Card</h1></main>');
  });
});

describe('the PIN', () => {
  test('is hidden until revealed, in the text and in every accessible name, and hidden again', async () => {
    await renderRows(all);
    await expect.element(button('Reveal card PIN')).toBeVisible();
    expect(shown('Card PIN')).toBe('••••Hidden');
    expect(foundInPage('4821')).toEqual([]);
    await expectNoAxeViolations();

    await button('Reveal card PIN').click();
    await expect.poll(() => shown('Card PIN')).toBe('4821');
    await button('Hide card PIN').click();
    await expect.poll(() => shown('Card PIN')).toBe('••••Hidden');
    expect(foundInPage('4821')).toEqual([]);
  });

  test('is copied as it is, hidden or not', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await renderRows(all);
    await button('Copy Card PIN').click();
    await expect.poll(() => writeText.mock.calls).toEqual([['4821']]);
    expect(foundInPage('4821')).toEqual([]);
  });

  test('with a question to ask, is neither revealed nor copied unless it is answered yes', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    const confirm = vi.fn<Confirm>().mockResolvedValue(false);
    await renderRows(all, confirm);
    await button('Reveal card PIN').click();
    await button('Copy Card PIN').click();
    await expect.poll(() => confirm.mock.calls.length).toBe(2);
    // Each question is over by the next press, which is asked again: nothing came of either.
    await button('Reveal card PIN').click();
    await expect.poll(() => confirm.mock.calls.length).toBe(3);
    expect(writeText).not.toHaveBeenCalled();
    expect(foundInPage('4821')).toEqual([]);

    confirm.mockResolvedValue(true);
    await button('Reveal card PIN').click();
    await expect.poll(() => shown('Card PIN')).toBe('4821');
    await button('Copy Card PIN').click();
    await expect.poll(() => writeText.mock.calls).toEqual([['4821']]);
    expect(confirm).toHaveBeenCalledTimes(5);
    // Hiding asks nothing.
    await button('Hide card PIN').click();
    await expect.poll(() => shown('Card PIN')).toBe('••••Hidden');
    expect(confirm).toHaveBeenCalledTimes(5);
  });

  test('the other details are copied without asking', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    const confirm = vi.fn<Confirm>().mockResolvedValue(false);
    await renderRows(all, confirm);
    await button('Copy Notes').click();
    await expect.poll(() => writeText.mock.lastCall).toEqual([all.notes]);
    await button('Copy Valid from').click();
    await expect.poll(() => writeText.mock.lastCall).toEqual(['04/24']);
    await button('Copy Bank phone number').click();
    await expect.poll(() => writeText.mock.lastCall).toEqual(['+1 (800) 555-0100']);
    await button('Copy Bank website').click();
    await expect.poll(() => writeText.mock.lastCall).toEqual(['https://bank.example/']);
    expect(confirm).not.toHaveBeenCalled();
  });
});

describe('notes, phone and website', () => {
  test('notes keep their line breaks', async () => {
    await renderRows({ notes: all.notes });
    expect(shown('Notes')).toBe(all.notes);
    const notes = document.querySelector('.card-field-notes') as Element;
    expect(getComputedStyle(notes).whiteSpace).toBe('pre-wrap');
  });

  test("the phone number has a link to call it, with the number's digits", async () => {
    await renderRows({ phone: all.phone });
    await expect
      .element(page.getByRole('link', { name: 'Call your bank' }))
      .toHaveAttribute('href', 'tel:+18005550100');
  });

  test('a phone value that is no number is shown and copied, with no link to call', async () => {
    await renderRows({ phone: 'ask at the branch' });
    expect(shown('Bank phone number')).toBe('ask at the branch');
    await expect.element(button('Copy Bank phone number')).toBeVisible();
    await expect.element(page.getByText('Call your bank')).not.toBeInTheDocument();
    expect(document.querySelector('a')).toBeNull();
  });

  test('the website opens in a new tab that cannot reach back, and says so', async () => {
    await renderRows({ website: 'bank.example/cards' });
    const link = page.getByRole('link', { name: 'bank.example/cards (opens in a new tab)' });
    await expect.element(link).toHaveAttribute('href', 'https://bank.example/cards');
    await expect.element(link).toHaveAttribute('target', '_blank');
    await expect.element(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expectNoAxeViolations();
  });

  test('a website that is no web address is plain text, never a link', async () => {
    await renderRows({ website: 'javascript:alert(1)' });
    expect(shown('Bank website')).toBe('javascript:alert(1)');
    expect(page.getByRole('link').elements()).toEqual([]);
    expect(document.querySelector('a')).toBeNull();
    await expect.element(button('Copy Bank website')).toBeVisible();
  });
});
