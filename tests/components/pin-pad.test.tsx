import { expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { PinPad } from '../../src/components/pin/PinPad';
import { renderComponent } from '../support/render';

const dots = (count: number) => page.getByRole('img', { name: `${count} of 6 digits entered` });
const key = (name: string) => page.getByRole('button', { name, exact: true });

test('builds the PIN a digit at a time, backspace removes the last, and six digits submit by themselves', async () => {
  const submitted: string[] = [];
  await renderComponent(<PinPad purpose="current" onSubmit={async (pin) => void submitted.push(pin)} />);
  await key('2').click();
  await key('7').click();
  await expect.element(dots(2)).toBeVisible();
  await key('Backspace').click();
  await expect.element(dots(1)).toBeVisible();
  for (const digit of '74951') await key(digit).click();
  await expect.poll(() => submitted).toEqual(['274951']);
});

test('ignores presses at six digits and dims the keys while full', async () => {
  let release: () => void = () => undefined;
  const submit = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
  await renderComponent(<PinPad purpose="current" onSubmit={submit} />);
  for (const digit of '274951') await key(digit).click();
  await expect.element(dots(6)).toBeVisible();
  await expect.element(key('3')).toBeDisabled();
  await userEvent.keyboard('3');
  await expect.element(dots(6)).toBeVisible();
  expect(submit).toHaveBeenCalledTimes(1);
  release();
  await expect.element(dots(0)).toBeVisible();
});

test('works from a physical keyboard: digits and Backspace', async () => {
  const submitted: string[] = [];
  await renderComponent(<PinPad purpose="current" onSubmit={async (pin) => void submitted.push(pin)} />);
  await userEvent.keyboard('12');
  await expect.element(dots(2)).toBeVisible();
  await userEvent.keyboard('{Backspace}');
  await expect.element(dots(1)).toBeVisible();
  await userEvent.keyboard('80642');
  await expect.poll(() => submitted).toEqual(['180642']);
});

test('a failure shows its message in red, shakes the dots, clears the PIN after 1 s; any key hides it', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    await renderComponent(
      <PinPad
        purpose="current"
        onSubmit={async () => {
          throw new Error('Entered PIN is incorrect');
        }}
      />,
    );
    for (const digit of '530718') await key(digit).click();
    await expect.element(page.getByRole('alert')).toHaveTextContent('Entered PIN is incorrect');
    await expect.element(page.getByText('Entered PIN is incorrect', { exact: true }).last()).toBeVisible();
    expect(document.querySelector('.pin-dots')?.getAttribute('data-failed')).toBe('true');
    await expect.element(dots(6)).toBeVisible();
    await vi.advanceTimersByTimeAsync(999);
    await expect.element(dots(6)).toBeVisible();
    await vi.advanceTimersByTimeAsync(1);
    await expect.element(dots(0)).toBeVisible();
    await key('4').click();
    await expect.element(page.getByRole('alert')).toHaveTextContent('');
    expect(document.querySelector('.pin-dots')?.getAttribute('data-failed')).toBe('false');
  } finally {
    vi.useRealTimers();
  }
});
