/**
 * The address as the unlocked area reads it. Its screens are under /home, /add and /user; any other address (the
 * unlock screen's, after an unlock) is Home's, and `LandOnHome` then makes it the address too, replacing the entry.
 *
 * Why not a catch-all `<Redirect>`: a redirect renders nothing, and the Home it leads to renders in the update the
 * redirect's navigation makes, which the router (reading the address with useSyncExternalStore) always makes urgent.
 * However the area itself was rendered, Home was then built in one task, which a slow phone feels after every
 * unlock. Read this way, Home is part of the area's own render (src/app/App.tsx renders it as a transition).
 */
import { useLayoutEffect } from 'react';
import type { BaseLocationHook } from 'wouter';
import { navigate, useLocationProperty } from 'wouter/use-browser-location';
import { onAddressChange } from './address-changes';

/** Where the unlocked area lands from any address outside it. */
export const HOME_PATH = '/home';

const AREAS = [HOME_PATH, '/add', '/user'];

/** Whether `path` is one of the unlocked area's own addresses (as its routes, nested under each area, match them). */
const inUnlockedArea = (path: string): boolean => AREAS.some((area) => path === area || path.startsWith(`${area}/`));

const currentUnlockedPath = (): string => (inUnlockedArea(location.pathname) ? location.pathname : HOME_PATH);

/**
 * The router's location hook for the unlocked area: the browser's address, or Home's for one outside the area. What
 * it reads is the address as mapped, so `LandOnHome` replacing the address with Home's re-renders none of the area.
 */
export const useUnlockedAddress: BaseLocationHook = () => [useLocationProperty(currentUnlockedPath), navigate];

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
