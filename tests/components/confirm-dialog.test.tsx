import { useState } from 'react';
import { expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { ConfirmDialog } from '../../src/components/ConfirmDialog';
import { renderComponent } from '../support/render';

function Harness({ onConfirm }: { onConfirm: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <ConfirmDialog
        open={open}
        title="Remove it"
        texts={['First sentence.', 'Second sentence.']}
        confirmLabel="Remove"
        onCancel={() => setOpen(false)}
        onConfirm={onConfirm}
      />
    </>
  );
}

const dialog = () => page.getByRole('dialog', { name: 'Remove it' });

test('is a modal dialog named by its title; focus moves in and comes back', async () => {
  await renderComponent(<Harness onConfirm={vi.fn()} />);
  await page.getByRole('button', { name: 'Open' }).click();
  await expect.element(dialog()).toBeVisible();
  await expect.element(dialog()).toHaveAttribute('aria-modal', 'true');
  await expect.element(dialog().getByText('First sentence.')).toBeVisible();
  await expect.element(dialog().getByText('Second sentence.')).toBeVisible();
  await expect.element(dialog().getByRole('button', { name: 'Cancel' })).toHaveFocus();
  await userEvent.tab();
  await expect.element(dialog().getByRole('button', { name: 'Remove' })).toHaveFocus();
  await userEvent.keyboard('{Escape}');
  await expect.element(dialog()).not.toBeInTheDocument();
  await expect.element(page.getByRole('button', { name: 'Open' })).toHaveFocus();
});

test('a click on the backdrop closes it without confirming', async () => {
  const onConfirm = vi.fn();
  await renderComponent(<Harness onConfirm={onConfirm} />);
  await page.getByRole('button', { name: 'Open' }).click();
  await expect.element(dialog()).toBeVisible();
  // A click on ::backdrop is dispatched to the <dialog> element itself.
  dialog()
    .element()
    .dispatchEvent(new MouseEvent('click', { bubbles: true }));
  await expect.element(dialog()).not.toBeInTheDocument();
  expect(onConfirm).not.toHaveBeenCalled();
});

test('a click inside the sheet does not close it; the confirm button confirms', async () => {
  const onConfirm = vi.fn();
  await renderComponent(<Harness onConfirm={onConfirm} />);
  await page.getByRole('button', { name: 'Open' }).click();
  await dialog().getByText('First sentence.').click();
  await expect.element(dialog()).toBeVisible();
  await dialog().getByRole('button', { name: 'Remove' }).click();
  expect(onConfirm).toHaveBeenCalledOnce();
});
