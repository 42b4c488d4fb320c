import type { ReactNode } from 'react';
import { useState } from 'react';
import { expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { DetailsFields } from '../../src/components/DetailsFields';
import type { Confirm } from '../../src/components/use-confirmed';
import type { CardDetails } from '../../src/domain/card-details';
import { NO_DETAILS } from '../../src/domain/card-details';
import type { CardDetailsErrors } from '../../src/domain/card-details-rules';
import { CardDetailsMessages, validateDetails } from '../../src/domain/card-details-rules';
import { expectNoAxeViolations } from '../support/axe';
import { renderComponent } from '../support/render';

/** Where the section stands in the app: on a screen with its title, so axe checks it as a person meets it. */
const EditorPage = ({ children }: { children: ReactNode }) => (
  <main>
    <h1>Edit Card</h1>
    {children}
  </main>
);

/** The section in a form, as the card editor holds it: errors appear once Save is pressed, then follow every edit. */
function Editor({ initial, confirm }: { initial: CardDetails; confirm?: Confirm | undefined }) {
  const [value, setValue] = useState(initial);
  const [checked, setChecked] = useState(false);
  return (
    <EditorPage>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setChecked(true);
        }}
      >
        <DetailsFields
          value={value}
          onChange={setValue}
          errors={checked ? validateDetails(value) : {}}
          confirm={confirm}
        />
        <button type="submit">Save</button>
      </form>
    </EditorPage>
  );
}

const renderEditor = (initial: Partial<CardDetails> = {}, confirm?: Confirm) =>
  renderComponent(<Editor initial={{ ...NO_DETAILS, ...initial }} confirm={confirm} />);

const toggle = () => page.getByRole('button', { name: 'More details' });
const field = (label: string) => page.getByLabelText(label, { exact: true });
const pin = () => field('Card PIN');
const pinMask = () => getComputedStyle(pin().element()).getPropertyValue('-webkit-text-security');

async function openSection() {
  await toggle().click();
  await expect.element(toggle()).toHaveAttribute('aria-expanded', 'true');
}

test('is closed at first, and opens and closes again by keyboard alone', async () => {
  await renderEditor();
  await expect.element(toggle()).toHaveAttribute('aria-expanded', 'false');
  const controlled = document.getElementById(toggle().element().getAttribute('aria-controls') ?? '');
  expect(controlled?.contains(pin().element())).toBe(true);
  for (const label of ['Card PIN', 'Notes', 'Valid from', 'Bank phone number', 'Bank website']) {
    await expect.element(field(label)).not.toBeVisible();
  }
  await expectNoAxeViolations();

  await userEvent.tab();
  await expect.element(toggle()).toHaveFocus();
  await userEvent.keyboard('{Enter}');
  await expect.element(toggle()).toHaveAttribute('aria-expanded', 'true');
  for (const label of ['Card PIN', 'Notes', 'Valid from', 'Bank phone number', 'Bank website']) {
    await expect.element(field(label)).toBeVisible();
  }
  await expect.element(page.getByRole('group', { name: 'More details' })).toBeVisible();
  await expectNoAxeViolations();

  await userEvent.keyboard(' ');
  await expect.element(toggle()).toHaveAttribute('aria-expanded', 'false');
  await expect.element(pin()).not.toBeVisible();
});

test('the PIN keeps digits only, twelve at most, drawn as dots until revealed, and kept from password managers', async () => {
  await renderEditor();
  await openSection();
  await expect.element(pin()).toHaveAttribute('type', 'text');
  await expect.element(pin()).toHaveAttribute('inputmode', 'numeric');
  await expect.element(pin()).toHaveAttribute('autocomplete', 'off');
  await expect.element(pin()).toHaveAttribute('data-1p-ignore');
  await expect.element(pin()).toHaveAttribute('data-lpignore', 'true');
  await expect.element(pin()).toHaveAccessibleDescription('4 to 12 digits');

  await pin().click();
  await userEvent.keyboard('4a2-1 9');
  await expect.element(pin()).toHaveValue('4219');
  await pin().fill('1234 5678 9012 3456');
  await expect.element(pin()).toHaveValue('123456789012');

  expect(pinMask()).toBe('disc');
  await page.getByRole('button', { name: 'Reveal card PIN' }).click();
  expect(pinMask()).toBe('none');
  await page.getByRole('button', { name: 'Hide card PIN' }).click();
  expect(pinMask()).toBe('disc');
  await expect.element(page.getByRole('button', { name: 'Reveal card PIN' })).toBeVisible();
});

test('with a question to ask, the PIN is revealed only once it is answered yes; hiding it asks nothing', async () => {
  const confirm = vi.fn<Confirm>().mockResolvedValueOnce(false).mockResolvedValueOnce(true);
  await renderEditor({ pin: '4821' }, confirm);
  await openSection();
  await page.getByRole('button', { name: 'Reveal card PIN' }).click();
  await expect.poll(() => confirm.mock.calls.length).toBe(1);
  await expect.element(page.getByRole('button', { name: 'Reveal card PIN' })).toBeVisible();
  expect(pinMask()).toBe('disc');

  await page.getByRole('button', { name: 'Reveal card PIN' }).click();
  await expect.element(page.getByRole('button', { name: 'Hide card PIN' })).toBeVisible();
  expect(pinMask()).toBe('none');
  await page.getByRole('button', { name: 'Hide card PIN' }).click();
  expect(pinMask()).toBe('disc');
  expect(confirm).toHaveBeenCalledTimes(2);
});

test('valid from is shaped as MM/YY as it is typed', async () => {
  await renderEditor();
  await openSection();
  const validFrom = field('Valid from');
  await expect.element(validFrom).toHaveAttribute('placeholder', 'MM/YY');
  await validFrom.click();
  await userEvent.keyboard('328');
  await expect.element(validFrom).toHaveValue('03/28');
  await validFrom.fill('');
  await userEvent.keyboard('1a12');
  await expect.element(validFrom).toHaveValue('11/2');
  await userEvent.keyboard('{Backspace}{Backspace}');
  await expect.element(validFrom).toHaveValue('1');
});

test('the notes are a text area with a count of characters as a person counts them, an emoji as one', async () => {
  await renderEditor();
  await openSection();
  const notes = field('Notes');
  expect(notes.element().tagName).toBe('TEXTAREA');
  await expect.element(notes).toHaveAccessibleDescription('0 of 1,000 characters');
  // Typed keys arrive one UTF-16 unit at a time, which would split the emoji: it comes in whole, as a paste does.
  await notes.fill('Hi 👋');
  await expect.element(notes).toHaveValue('Hi 👋');
  await expect.element(notes).toHaveAccessibleDescription('4 of 1,000 characters');
  await userEvent.keyboard('{Enter}Gate code');
  await expect.element(notes).toHaveAccessibleDescription('14 of 1,000 characters');
  // No maxlength, which would count the emoji as two and stop at 999 of them.
  await notes.fill('😀'.repeat(1001));
  await expect.element(page.getByText('1,001 of 1,000 characters')).toBeVisible();
});

test("the bank's phone and website take what the rules accept, the browser's own checks left out", async () => {
  await renderEditor();
  await openSection();
  const phone = field('Bank phone number');
  const website = field('Bank website');
  await expect.element(phone).toHaveAttribute('type', 'tel');
  await expect.element(phone).toHaveAttribute('autocomplete', 'off');
  await expect.element(website).toHaveAttribute('inputmode', 'url');
  await phone.fill('+1 (800) 555-0100');
  await website.fill('bank.example');
  await expect.element(phone).toHaveValue('+1 (800) 555-0100');
  await expect.element(website).toHaveValue('bank.example');
  expect((website.element() as HTMLInputElement).checkValidity()).toBe(true);
  await page.getByRole('button', { name: 'Save' }).click();
  for (const message of Object.values(CardDetailsMessages)) {
    await expect.element(page.getByText(message)).not.toBeInTheDocument();
  }
});

test('errors show under their fields, and a closed section opens by itself to show them', async () => {
  await renderEditor();
  await openSection();
  await pin().fill('12');
  await field('Bank website').fill('javascript:alert(1)');
  await toggle().click();
  await expect.element(toggle()).toHaveAttribute('aria-expanded', 'false');

  await page.getByRole('button', { name: 'Save' }).click();
  await expect.element(toggle()).toHaveAttribute('aria-expanded', 'true');
  await expect.element(page.getByText(CardDetailsMessages.pin)).toBeVisible();
  await expect.element(pin()).toHaveAttribute('aria-invalid', 'true');
  await expect.element(pin()).toHaveAccessibleDescription(`4 to 12 digits ${CardDetailsMessages.pin}`);
  await expect.element(field('Bank website')).toHaveAccessibleDescription(CardDetailsMessages.website);
  await expect.element(field('Notes')).not.toHaveAttribute('aria-invalid');
  await expectNoAxeViolations();

  // Closed again by hand, the button says what is waiting inside.
  await toggle().click();
  await expect.element(toggle()).toHaveAccessibleDescription('2 details in here need fixing');
  await expectNoAxeViolations();
  await openSection();
  await pin().fill('1234');
  await toggle().click();
  await expect.element(toggle()).toHaveAccessibleDescription('One detail in here needs fixing');
  await openSection();
  await field('Bank website').fill('bank.example');
  await toggle().click();
  await expect.element(toggle()).not.toHaveAccessibleDescription();
});

test('opens at once when it is given an error from the start', async () => {
  const errors: CardDetailsErrors = { validFrom: CardDetailsMessages.validFrom };
  await renderComponent(
    <EditorPage>
      <DetailsFields value={{ ...NO_DETAILS, validFrom: '1' }} onChange={() => {}} errors={errors} />
    </EditorPage>,
  );
  await expect.element(toggle()).toHaveAttribute('aria-expanded', 'true');
  await expect.element(field('Valid from')).toHaveAccessibleDescription(`MM/YY ${CardDetailsMessages.validFrom}`);
  await expectNoAxeViolations();
});
