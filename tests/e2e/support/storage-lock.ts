/**
 * The app makes every storage write under one cross-tab Web Lock. Holding that lock from a test lets writes from
 * several tabs queue up in a known order (the lock grants requests first come, first served), so a race between
 * tabs can be played out the same way every time.
 */
import type { Page } from 'playwright';

const LOCK_NAME = 'sleeve/storage';

type Holder = { releaseSleeveStorageLock?: () => void };

/** Takes the lock from `page` and keeps it; resolves to the function that lets it go. */
export async function holdStorageLock(page: Page): Promise<() => Promise<void>> {
  await page.evaluate(
    (name) =>
      new Promise<void>((held) => {
        void navigator.locks.request(
          name,
          () =>
            new Promise<void>((release) => {
              (window as unknown as Holder).releaseSleeveStorageLock = release;
              held();
            }),
        );
      }),
    LOCK_NAME,
  );
  return () => page.evaluate(() => (window as unknown as Holder).releaseSleeveStorageLock?.());
}

/** How many requests for the lock wait, from every tab of the origin. */
export const waitingStorageWrites = (page: Page): Promise<number> =>
  page.evaluate(
    async (name) => ((await navigator.locks.query()).pending ?? []).filter((lock) => lock.name === name).length,
    LOCK_NAME,
  );
