/**
 * Screens loaded when first visited, each with its own script. Home's list is what most starts show, so the first
 * scripts (src/main.tsx) hold that, the shell and the unlock screens (a lock never waits for the network); the rest
 * (Add, the You area, the editors, the screen for unreadable storage, the unlock screen's rare conflict with another device's key) arrive on demand and are precached by the
 * service worker, so they open offline too. A chunk that cannot be fetched ends on the start-failure screen ('Part of Sleeve could not be loaded', see
 * src/app/StartBoundary.tsx).
 */
import type { ComponentType, ReactNode } from 'react';
import { lazy, Suspense } from 'react';
import { Spinner } from './Spinner';

/** A screen component loaded on first render, from a module that exports it by name. */
export function lazyScreen<Props extends object, Name extends string>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

/**
 * Where a lazily loaded screen shows a busy indicator until its script has arrived. Screens opened as a transition
 * (src/app/unlocked-address.ts) wait under one already shown, not one of their own: React shows the fallback of a
 * boundary new in a render at once, even in a transition.
 */
export const Loading = ({ children }: { children: ReactNode }) => (
  <Suspense fallback={<Spinner label="Loading" />}>{children}</Suspense>
);
