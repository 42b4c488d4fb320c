/**
 * Renders the real app (or one component) in the test page, the way src/app/boot.tsx does: storage seeded with the
 * documented JSON, the URL set, startApp() run against the real worker engine. Everything is undone when the
 * test finishes, so tests do not leak cards, toasts or URLs into each other.
 */
import type { ReactNode } from 'react';
import { act, StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { createRoot } from 'react-dom/client';
import { onTestFinished } from 'vitest';
import { Router } from 'wouter';
import { App } from '../../src/app/App';
import type { CardData, PlainCard, PlainCollection } from '../../src/domain/card';
import type { Preferences } from '../../src/domain/preferences';
import { startApp } from '../../src/state/lifecycle';
import { resetDevice } from '../../src/state/store';
import { hideToast } from '../../src/state/toast';
import type { StoredValueName } from '../../src/storage/local-storage';
import { discard, STORAGE_KEYS } from '../../src/storage/local-storage';
// The real styles, so visibility and layout (the windowed list's row positions) are what a person gets.
import '../../src/styles/index.css';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

/** act() only while the helper drives React; afterwards the browser drives it, as it does for a person. */
async function inAct(work: () => void | Promise<void>): Promise<void> {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  try {
    await act(work);
  } finally {
    globalThis.IS_REACT_ACT_ENVIRONMENT = false;
  }
}

let idCounter = 0;

/** A valid plain card; every field can be overridden. */
export function makeCard(data: Partial<CardData> = {}, card: { id?: string; modifiedAt?: number } = {}): PlainCard {
  idCounter += 1;
  return {
    id: card.id ?? `card${String(idCounter).padStart(4, '0')}`,
    modifiedAt: card.modifiedAt ?? 1_700_000_000_000 + idCounter,
    data: {
      number: '4111111111111111',
      expiry: '12/30',
      cardholder: 'Ada Lovelace',
      issuer: 'Test Bank',
      cvv: '123',
      network: 'VISA',
      theme: 'SKY',
      ...data,
    },
  };
}

/** An expiry `months` months after the current one by the device's clock, as MM/YY (negative: months ago). */
export function expiryIn(months: number): string {
  const now = new Date();
  const month = new Date(now.getFullYear(), now.getMonth() + months, 1);
  return `${String(month.getMonth() + 1).padStart(2, '0')}/${String(month.getFullYear() % 100).padStart(2, '0')}`;
}

export interface Seed {
  cards?: PlainCard[];
  /** As stored; without `security`, as versions before the lock and clipboard settings wrote them. */
  preferences?: Omit<Preferences, 'security'> & Partial<Pick<Preferences, 'security'>>;
  /** Raw strings written as they are, e.g. corrupt JSON. */
  raw?: Partial<Record<StoredValueName, string>>;
}

/** Clears storage (and any key the storage module still holds as unreadable) and writes the seed. */
export async function seedStorage(seed: Seed = {}): Promise<void> {
  localStorage.clear();
  await discard(...(Object.keys(STORAGE_KEYS) as StoredValueName[]));
  if (seed.cards) {
    const collection: PlainCollection = {
      type: 'UNENCRYPTED',
      cards: Object.fromEntries(seed.cards.map((card) => [card.id, card])),
    };
    localStorage.setItem(STORAGE_KEYS.cards, JSON.stringify(collection));
  }
  if (seed.preferences) localStorage.setItem(STORAGE_KEYS.preferences, JSON.stringify(seed.preferences));
  for (const [name, value] of Object.entries(seed.raw ?? {}) as [StoredValueName, string][]) {
    localStorage.setItem(STORAGE_KEYS[name], value);
  }
}

/** The cards collection as it is stored right now. */
export function storedCards(): PlainCollection {
  const raw = localStorage.getItem(STORAGE_KEYS.cards);
  return raw === null ? { type: 'UNENCRYPTED', cards: {} } : (JSON.parse(raw) as PlainCollection);
}

export const currentPath = (): string => window.location.pathname;

interface Mounted {
  container: HTMLElement;
  unmount: () => Promise<void>;
}

async function mount(ui: ReactNode): Promise<Mounted> {
  const originalUrl = window.location.pathname + window.location.search + window.location.hash;
  const container = document.createElement('div');
  document.body.append(container);
  let root: Root | undefined;
  await inAct(() => {
    root = createRoot(container);
    root.render(<StrictMode>{ui}</StrictMode>);
  });
  let mounted = true;
  const unmount = async () => {
    if (!mounted) return;
    mounted = false;
    await inAct(() => root?.unmount());
    container.remove();
    hideToast();
    history.replaceState(null, '', originalUrl);
  };
  onTestFinished(unmount);
  return { container, unmount };
}

/** Renders one component on its own (no router, no app start). */
export async function renderComponent(ui: ReactNode): Promise<Mounted> {
  return mount(ui);
}

/** Seeds storage, opens `path` and starts the whole app. */
export async function renderApp(path: string, seed: Seed = {}): Promise<Mounted> {
  await seedStorage(seed);
  // As on a fresh page load: the splash until startApp() has read storage, so no screen sees the last test's cards;
  // no key held, nothing of the device in memory, no earlier answer to the PIN recommendation, Home's list newest
  // first.
  await resetDevice();
  const originalUrl = window.location.pathname + window.location.search + window.location.hash;
  history.replaceState(null, '', path);
  const mounted = await mount(
    <Router>
      <App />
    </Router>,
  );
  onTestFinished(() => history.replaceState(null, '', originalUrl));
  await inAct(() => startApp());
  return mounted;
}
