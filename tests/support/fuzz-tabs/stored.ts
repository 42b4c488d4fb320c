/**
 * What the fuzz checks against: what this device stores (the tabs' shared localStorage) and what the server holds
 * for the account, read and written past the app, as another device of the account would.
 */
import { inject } from 'vitest';
import type {} from '../provided-context';

export const STORAGE = { cards: 'sleeve/cards', auth: 'sleeve/auth', outbox: 'sleeve/outbox' } as const;

export interface Stored {
  type: string;
  cards: Record<string, { id: string; modifiedAt: number; data: Record<string, unknown> }>;
}
export const storedCards = (): Stored =>
  JSON.parse(localStorage.getItem(STORAGE.cards) ?? '{"type":"UNENCRYPTED","cards":{}}');
export const storedAuth = (): { password: unknown; pin: unknown } =>
  JSON.parse(localStorage.getItem(STORAGE.auth) ?? '{"password":null,"pin":null}');
export const storedOutbox = (): { cards: Record<string, unknown> } =>
  JSON.parse(localStorage.getItem(STORAGE.outbox) ?? '{"uid":null,"cards":{}}');

type ServerCard = { id: string; modifiedAt: number; data: { cipherText: string; iv: string } };

/** The account's cards as the server holds them: only this account's, never other tests' accounts beside it. */
export async function serverCards(uid: string): Promise<Record<string, ServerCard>> {
  if (!uid) return {};
  const cards = await (await fetch(new URL(`${uid}/cards`, inject('databaseDumpUrl')))).json();
  return (cards ?? {}) as Record<string, ServerCard>;
}

/** Writes on the server as another device of the account would (rules aside: it holds no sign-in here). */
export async function writeOnServer(path: string, value: unknown): Promise<void> {
  const response = await fetch(new URL(path, inject('databaseDumpUrl')), {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(value),
  });
  if (!response.ok) throw new Error(`Could not write ${path}: ${await response.text()}`);
}

/** The stored-protection rule, checked on every write any tab makes (DESIGN.md invariant 7). */
export function protectionProblem(): string | null {
  const cards = storedCards();
  const auth = storedAuth();
  const hasCards = Object.keys(cards.cards).length > 0;
  const hasSecret = auth.password != null || auth.pin != null;
  if (hasCards && cards.type === 'UNENCRYPTED' && hasSecret) return 'plain cards are stored beside a PIN or password';
  if (hasCards && cards.type === 'ENCRYPTED' && !hasSecret) return 'encrypted cards are stored with no PIN or password';
  return null;
}
