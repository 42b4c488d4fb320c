/**
 * Two tabs of one browser profile on the built app, for the end-to-end tests of tabs: opened on Home in a context of
 * their own for each test, brought to the front one at a time as a person works, and what each shows and stores.
 */
import type { Page } from 'playwright';
import { storedItem } from './actions';
import { appUrl, contextPerTest, watchPageErrors } from './browser';
import { serveGapiStandIn } from './gapi-stand-in';

export type StoredCard = { id: string; modifiedAt: number; data: Record<string, unknown> };
export type Collection = { type: string; cards: Record<string, StoredCard> };
export type Tab = { page: Page; errors: string[] };

/**
 * Two tabs of one profile, both on Home; tall enough that every card of a test is drawn in the list. `google`
 * serves the stand-in for Google's script loader, which sign-in needs.
 */
async function twoTabs(openContext: ReturnType<typeof contextPerTest>, { google = false } = {}): Promise<[Tab, Tab]> {
  const context = await openContext({ viewport: { width: 480, height: 2400 } });
  if (google) await serveGapiStandIn(context);
  const tabs: Tab[] = [];
  for (let i = 0; i < 2; i += 1) {
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(appUrl('/home'));
    await page.getByRole('heading', { name: 'Home' }).waitFor();
    tabs.push({ page, errors });
  }
  return tabs as [Tab, Tab];
}

/**
 * Brings a tab to the front before acting in it: like a person, the test works in one tab at a time. (Chromium
 * paints only the front tab of a window, and Playwright waits for paints before it clicks; the tab behind still
 * follows storage at once, which is what these tests check.)
 */
export async function inFront(tab: Tab): Promise<Page> {
  await tab.page.bringToFront();
  return tab.page;
}

export const cardLink = (page: Page, issuer: string) =>
  page.getByRole('link', { name: new RegExp(`^${issuer} .*ending \\d{4}, `) });

export const goHome = async (page: Page): Promise<void> => {
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await page.waitForURL(/\/home$/);
};

export const shownCards = (page: Page): Promise<number> => page.locator('a.card-link').count();

export const storedCards = async (page: Page): Promise<Collection> =>
  (await storedItem(page, 'sleeve/cards')) as Collection;

/** Every value Sleeve keeps on the device, as stored, in one string. */
export const everythingStored = (page: Page): Promise<string> =>
  page.evaluate(() =>
    Object.keys(localStorage)
      .map((key) => `${key}=${localStorage.getItem(key)}`)
      .join('\n'),
  );

export const isCiphertext = (card: StoredCard): boolean => Object.keys(card.data).sort().join() === 'cipherText,iv';

/** Two tabs for each test of the calling file (see twoTabs), their context closed after it. */
export function twoTabsPerTest(): (options?: { google?: boolean }) => Promise<[Tab, Tab]> {
  const openContext = contextPerTest();
  return (options) => twoTabs(openContext, options);
}
