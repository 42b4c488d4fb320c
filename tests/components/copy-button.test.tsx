import { afterEach, expect, test, vi } from 'vitest';
import { page } from 'vitest/browser';
import { ToastHost } from '../../src/app/ToastHost';
import { COPY_CONFIRM_MS, CopyButton } from '../../src/components/CopyButton';
import { renderComponent } from '../support/render';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const icon = () => page.getByRole('button', { name: 'Copy Expiry' }).element().querySelector('[data-icon]');

test('copies its value and shows a check for 2 s', async () => {
  const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
  await renderComponent(<CopyButton field="Expiry" value="12/30" />);
  expect(icon()?.getAttribute('data-icon')).toBe('copy');
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  await page.getByRole('button', { name: 'Copy Expiry' }).click();
  expect(writeText).toHaveBeenCalledWith('12/30');
  await expect.poll(() => icon()?.getAttribute('data-icon')).toBe('check');
  vi.advanceTimersByTime(COPY_CONFIRM_MS - 1);
  await expect.poll(() => icon()?.getAttribute('data-icon')).toBe('check');
  vi.advanceTimersByTime(1);
  await expect.poll(() => icon()?.getAttribute('data-icon')).toBe('copy');
});

test("shows 'Could not copy to the clipboard' when the clipboard refuses", async () => {
  vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
  await renderComponent(
    <>
      <CopyButton field="Expiry" value="12/30" />
      <ToastHost />
    </>,
  );
  await page.getByRole('button', { name: 'Copy Expiry' }).click();
  await expect.element(page.getByText('Could not copy to the clipboard')).toHaveAttribute('data-type', 'error');
  expect(icon()?.getAttribute('data-icon')).toBe('copy');
});

test('with a question, copies only once it is answered yes, and asks once however often it is pressed', async () => {
  const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
  let answer: (allowed: boolean) => void = () => {};
  const confirm = vi.fn(
    () =>
      new Promise<boolean>((resolve) => {
        answer = resolve;
      }),
  );
  await renderComponent(<CopyButton field="Card PIN" value="4821" confirm={confirm} />);
  const button = page.getByRole('button', { name: 'Copy Card PIN' });
  await button.click();
  await button.click();
  expect(confirm).toHaveBeenCalledTimes(1);
  answer(false);
  // Asked again on the next press: the first question is over, and it copied nothing.
  await button.click();
  expect(confirm).toHaveBeenCalledTimes(2);
  expect(writeText).not.toHaveBeenCalled();
  await expect.element(button).toHaveAttribute('data-copied', 'false');
  answer(true);
  await expect.poll(() => writeText.mock.calls).toEqual([['4821']]);
  await expect.element(button).toHaveAttribute('data-copied', 'true');
});
