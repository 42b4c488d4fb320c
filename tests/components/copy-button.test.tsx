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
