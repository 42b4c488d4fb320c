/**
 * The address as the unlocked area reads it. Its screens are under /home, /add and /user; any other address (the
 * unlock screen's, after an unlock) is Home's, and `LandOnHome` then makes it the address too, replacing the entry.
 *
 * Why not a catch-all `<Redirect>`: a redirect renders nothing, and the Home it leads to renders in the update the
 * redirect's navigation makes, which the router (reading the address with useSyncExternalStore) always makes urgent.
 * However the area itself was rendered, Home was then built in one task, which a slow phone feels after every
 * unlock. Read this way, Home is part of the area's own render (src/app/App.tsx renders it as a transition).
 */
import { useDeferredValue, useLayoutEffect } from 'react';
import type { BaseLocationHook } from 'wouter';
import { useLocation } from 'wouter';
import { navigate, useLocationProperty } from 'wouter/use-browser-location';
import { onAddressChange } from './address-changes';

/** Where the unlocked area lands from any address outside it. */
export const HOME_PATH = '/home';

const AREAS = [HOME_PATH, '/add', '/user'];

/** The area `path` is in (as its routes, nested under each area, match it), as its tab names it; none outside. */
const areaOf = (path: string): string | undefined => AREAS.find((area) => path === area || path.startsWith(`${area}/`));

/** Whether `path` is one of the unlocked area's own addresses. */
const inUnlockedArea = (path: string): boolean => areaOf(path) !== undefined;

const currentUnlockedPath = (): string => (inUnlockedArea(location.pathname) ? location.pathname : HOME_PATH);

/**
 * The address the person last chose (a tab, a link, the browser's own), as the area reads it: what the bottom
 * navigation marks at once, while the screen for it may still be on its way (`useUnlockedAddress`).
 */
export const useChosenAddress = (): string => useLocationProperty(currentUnlockedPath);

/**
 * Whether the address last changed by the browser's back or forward. Registered before any router subscribes, so
 * it is set before the render the router's own popstate listener starts.
 */
let changedByHistory = false;
addEventListener('popstate', () => {
  changedByHistory = true;
});
for (const name of ['pushState', 'replaceState']) {
  addEventListener(name, () => {
    changedByHistory = false;
  });
}

/** The address the area's screen shows, as last committed (`KeepShownAddress`). */
let shownAddress = HOME_PATH;

/** Where a card's own screens are (its screen, its editor, their verify steps). */
const CARD_PATHS = `${HOME_PATH}/cards/`;

/** The screens whose script loads when first opened (src/components/lazy-screen.tsx), a card's own editor aside. */
const ON_DEMAND = ['/add/scan', '/home/unreadable', '/user/data-management/export', '/user/data-management/import'];

/** The steps a card's screen and its editor ask the PIN or password in, each loaded on demand too. */
const CARD_VERIFY_STEPS = ['/pin/verify', '/password/verify'];

/**
 * Whether `path` is a screen opened as a transition from wherever it is reached: a card editor (a new card's,
 * `/add/editor`, or a card's own, `/home/cards/:id/edit`), or a screen loaded on demand.
 */
const opensAsTransition = (path: string): boolean =>
  path === '/add/editor' ||
  ON_DEMAND.includes(path) ||
  (path.startsWith(CARD_PATHS) && (path.endsWith('/edit') || CARD_VERIFY_STEPS.some((step) => path.endsWith(step))));

/**
 * The router's location hook for the unlocked area: the browser's address, or Home's for one outside the area. What
 * it reads is the address as mapped, so `LandOnHome` replacing the address with Home's re-renders none of the area.
 *
 * Arriving at Home's list is a transition: the screen before stays while React builds the list a few milliseconds
 * at a time. With a full wallet, building it took one long task on a slow phone, after every import, deletion and
 * Back link. So is leaving the list for a card: the card's screen was built in the tap's own task, with Home's rows
 * taken out and the new screen laid out, one task of 58–114 ms at 4× CPU throttling with 10,000 cards. So is opening
 * an editor, whatever the wallet holds: its form was built in the tap's own task, 76–84 ms at 4×. And so are a
 * change of tab and opening any screen loaded on demand: a first visit waited on its script behind a spinner, which
 * React keeps for at least 300 ms once shown, however soon the script is in (350–370 ms from the tap at 4×, the
 * script precached); as a transition the screen before stays until the new one is built (a tab chosen is marked at
 * once). Every other screen is small. Back and forward show the screen at once (behind a spinner while its script
 * loads), since the browser restores the place on that entry straight after.
 *
 * While the new screen waits, the area shows the address its screen last committed, not a deferred copy of the
 * address: such a copy lags every change by a render, and a step that had just been left (a sign-in's password
 * screen) would show again, and redirect.
 */
export const useUnlockedAddress: BaseLocationHook = () => {
  const address = useChosenAddress();
  const toCard = address.startsWith(CARD_PATHS);
  const opened = opensAsTransition(address) ? address : null;
  const area = areaOf(address);
  // Whether the area shows Home and a card, which screen opened as a transition it shows (an editor's verify step
  // is one after the editor) and which tab's screens, each one transition behind the address.
  const homeShown = useDeferredValue(address === HOME_PATH);
  const cardShown = useDeferredValue(toCard);
  const openedShown = useDeferredValue(opened);
  const areaShown = useDeferredValue(area);
  const arriving = address === HOME_PATH && !homeShown;
  const leaving = toCard && !cardShown && shownAddress === HOME_PATH;
  const opening = opened !== openedShown && opened !== null;
  const switching = area !== areaShown;
  const waiting = (arriving || leaving || opening || switching) && !changedByHistory;
  return [waiting ? shownAddress : address, navigate];
};

/** Keeps `shownAddress` as each screen of the area is committed. Rendered inside the area's router. */
export function KeepShownAddress(): null {
  const [path] = useLocation();
  useLayoutEffect(() => {
    shownAddress = path;
  }, [path]);
  return null;
}

/**
 * Replaces an address outside the unlocked area with Home's, as soon as it is set: on arriving in the area, before
 * its first paint, and on every change of address after. It listens rather than renders (src/app/address-changes.ts).
 */
export function LandOnHome(): null {
  useLayoutEffect(() => {
    const land = () => {
      if (!inUnlockedArea(location.pathname)) navigate(HOME_PATH, { replace: true });
    };
    land();
    return onAddressChange(land);
  }, []);
  return null;
}
