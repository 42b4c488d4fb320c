/**
 * The PIN field beside the keypad: typed, pasted or filled by a password manager, in step with the keypad; focus
 * that is never dropped; progress read out as a count, never as digits.
 */
import { expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { PIN_USERNAME, PinPad } from '../../src/components/pin/PinPad';
import { renderComponent } from '../support/render';

const dots = (count: number) => page.getByRole('img', { name: `${count} of 6 digits entered` });
const key = (name: string) => page.getByRole('button', { name, exact: true });
const field = () => page.getByLabelText('PIN', { exact: true });
const fieldElement = () => field().element() as HTMLInputElement;

/** A paste as the browser delivers it: a paste event carrying the clipboard's text. */
function pasteInto(input: HTMLInputElement, text: string): void {
  const data = new DataTransfer();
  data.setData('text/plain', text);
  input.focus();
  input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
}

test('a PIN typed into the field submits at six digits, and the dots follow it', async () => {
  const submitted: string[] = [];
  await renderComponent(<PinPad purpose="current" onSubmit={async (pin) => void submitted.push(pin)} />);
  await field().click();
  await userEvent.keyboard('2749');
  await expect.element(dots(4)).toBeVisible();
  await userEvent.keyboard('{Backspace}');
  await expect.element(dots(3)).toBeVisible();
  await userEvent.keyboard('x951');
  await expect.poll(() => submitted).toEqual(['274951']);
});

test('keypad presses and typing build one PIN', async () => {
  const submitted: string[] = [];
  await renderComponent(<PinPad purpose="current" onSubmit={async (pin) => void submitted.push(pin)} />);
  await key('1').click();
  await key('2').click();
  await expect.element(field()).toHaveValue('12');
  await field().click();
  await userEvent.keyboard('{End}345');
  await expect.element(dots(5)).toBeVisible();
  await key('6').click();
  await expect.poll(() => submitted).toEqual(['123456']);
});

test('a pasted PIN keeps its digits and a whole one submits, as the sixth key press does', async () => {
  const submitted: string[] = [];
  await renderComponent(<PinPad purpose="current" onSubmit={async (pin) => void submitted.push(pin)} />);
  pasteInto(fieldElement(), '12a');
  await expect.element(dots(2)).toBeVisible();
  await expect.element(field()).toHaveValue('12');
  await userEvent.keyboard('{Control>}a{/Control}');
  pasteInto(fieldElement(), ' 274-951 ');
  await expect.poll(() => submitted).toEqual(['274951']);
});

test('the field is one a password manager can fill: numeric, six long, labelled PIN, with a username beside it', async () => {
  await renderComponent(<PinPad purpose="current" onSubmit={async () => undefined} />);
  const input = fieldElement();
  expect(input.type).toBe('password');
  expect(input.inputMode).toBe('numeric');
  expect(input.autocomplete).toBe('current-password');
  expect(input.maxLength).toBe(6);
  const username = input.form?.querySelector<HTMLInputElement>('input[autocomplete="username"]');
  expect(username?.value).toBe(PIN_USERNAME);
  expect(username?.readOnly).toBe(true);
  expect(username?.hidden).toBe(true);
});

test('a PIN being chosen asks managers to save a new one', async () => {
  await renderComponent(<PinPad purpose="new" onSubmit={async () => undefined} />);
  expect(fieldElement().autocomplete).toBe('new-password');
});

test('the field is described by the error, which is announced', async () => {
  await renderComponent(
    <PinPad
      purpose="current"
      onSubmit={async () => {
        throw new Error('Entered PIN is incorrect');
      }}
    />,
  );
  await field().click();
  await userEvent.keyboard('530718');
  await expect.element(field()).toHaveAccessibleDescription('Entered PIN is incorrect');
  await expect.element(field()).toHaveAttribute('aria-invalid', 'true');
});

test('focus stays with the PIN when the keypad fills and goes dim, and after a failure clears', async () => {
  await renderComponent(
    <PinPad
      purpose="current"
      onSubmit={async () => {
        throw new Error('Entered PIN is incorrect');
      }}
    />,
  );
  for (const digit of '53071') await key(digit).click();
  await key('8').click();
  await expect.element(key('8')).toBeDisabled();
  await expect.poll(() => document.activeElement).toBe(fieldElement());
  await expect.element(dots(0)).toBeVisible();
  expect(document.activeElement).toBe(fieldElement());
  // The person simply types the next attempt.
  await userEvent.keyboard('1');
  await expect.element(dots(1)).toBeVisible();
});

test("progress is read out as '3 of 6' and never as the digits", async () => {
  const release = vi.fn();
  await renderComponent(<PinPad purpose="current" onSubmit={() => new Promise<void>(release)} />);
  const progress = page.getByTestId('pin-progress');
  await expect.element(progress).toHaveAttribute('aria-live', 'polite');
  for (const digit of '274') await key(digit).click();
  await expect.element(progress).toHaveTextContent('3 of 6');
  const liveText = [...document.querySelectorAll('[aria-live], [role="alert"], [role="status"]')]
    .map((region) => region.textContent ?? '')
    .join(' ');
  expect(liveText).not.toMatch(/[2479]/);
  await key('Backspace').click();
  await expect.element(progress).toHaveTextContent('2 of 6');
});
