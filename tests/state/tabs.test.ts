/**
 * Two tabs of one profile, each with its own state layer and engine worker, sharing storage, locks and `storage`
 * events (tests/support/tabs.ts): nothing one tab does is undone by the other, and each follows the other at once.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startEngine, stopEngines } from '../support/engine-worker';
import { makeCards } from '../support/seeded';
import { openTab, storedCards, storedIds } from '../support/tabs';

afterEach(stopEngines);

const PIN = '274951';
const [one, two, three] = makeCards(91, 3).map((card) => card.data) as [
  ReturnType<typeof makeCards>[0]['data'],
  ReturnType<typeof makeCards>[0]['data'],
  ReturnType<typeof makeCards>[0]['data'],
];

describe('two tabs without a secret', () => {
  it('keeps cards added in both, even at the same moment, and each tab shows them all', async () => {
    const [a, b] = await Promise.all([openTab(), openTab()]);
    const ids = await Promise.all([a.cards.saveCard({ data: one }), b.cards.saveCard({ data: two })]);
    ids.push(await a.cards.saveCard({ data: three }));
    expect(storedIds()).toEqual([...ids].sort());
    await expect.poll(() => a.shownIds()).toEqual([...ids].sort());
    await expect.poll(() => b.shownIds()).toEqual([...ids].sort());
  });

  it('shows an edit or a deletion made in the other tab without a reload', async () => {
    const [a, b] = await Promise.all([openTab(), openTab()]);
    const id = await a.cards.saveCard({ data: one });
    const other = await a.cards.saveCard({ data: two });
    await expect.poll(() => b.shownIds()).toEqual([id, other].sort());
    await a.cards.saveCard({ id, data: { ...one, cardholder: 'Grace Hopper' } });
    await expect.poll(() => b.cards.findCard(id)?.data.cardholder).toBe('Grace Hopper');
    await a.cards.deleteCard(other);
    await expect.poll(() => b.shownIds()).toEqual([id]);
  });
});

describe('a PIN in one tab', () => {
  it('locks the other tab, which can then never store a plain card beside it', async () => {
    const [a, b] = await Promise.all([openTab(), openTab()]);
    const first = await a.cards.saveCard({ data: one });
    await expect.poll(() => b.shownIds()).toEqual([first]);
    await a.secrets.createPin(PIN);
    expect(storedCards().type).toBe('ENCRYPTED');
    await expect.poll(() => b.store.appState.locked).toBe(true);
    expect(b.shownIds()).toEqual([]);
    // Whatever the other tab tries before it is unlocked, nothing plain is stored.
    await expect(b.cards.saveCard({ data: two })).rejects.toThrow();
    expect(storedCards().type).toBe('ENCRYPTED');
    expect(JSON.parse(localStorage.getItem('sleeve/auth') ?? '{}').pin).not.toBeNull();
    // Unlocked with the PIN, its cards are encrypted like the first tab's, and both tabs keep each other's.
    await b.secrets.unlockWithPin(PIN);
    const second = await b.cards.saveCard({ data: two });
    expect(storedCards().type).toBe('ENCRYPTED');
    expect(storedIds()).toEqual([first, second].sort());
    await expect.poll(() => a.shownIds()).toEqual([first, second].sort());
  });

  it('refuses a change decided before the PIN existed, even if it races the storage event', async () => {
    const [a, b] = await Promise.all([openTab(), openTab()]);
    await a.cards.saveCard({ data: one });
    await expect.poll(() => b.shownIds()).toHaveLength(1);
    // Both start at once: whichever gets the lock second finds the records changed under it.
    const results = await Promise.allSettled([a.secrets.createPin(PIN), b.cards.saveCard({ data: two })]);
    expect(results[0].status).toBe('fulfilled');
    expect(storedCards().type).toBe('ENCRYPTED');
    if (results[1].status === 'fulfilled') {
      // The plain card went in first and was encrypted with the rest.
      expect(storedIds()).toHaveLength(2);
    } else {
      expect(String(results[1].reason)).toContain('changed in another tab');
      expect(storedIds()).toHaveLength(1);
    }
  });

  it('opens the other tab plain when the PIN is removed there', async () => {
    const [a, b] = await Promise.all([openTab(), openTab()]);
    const id = await a.cards.saveCard({ data: one });
    await a.secrets.createPin(PIN);
    await expect.poll(() => b.store.appState.locked).toBe(true);
    await a.secrets.removePin();
    expect(storedCards().type).toBe('UNENCRYPTED');
    await expect.poll(() => b.store.appState.locked).toBe(false);
    await expect.poll(() => b.shownIds()).toEqual([id]);
  });

  it('a PIN changed in one tab leaves the other open with the same key', async () => {
    const [a, b] = await Promise.all([openTab(), openTab()]);
    const first = await a.cards.saveCard({ data: one });
    await a.secrets.createPin(PIN);
    // The other tab learns of the PIN from the storage event, and locks.
    await expect.poll(() => b.store.appState.locked).toBe(true);
    await b.secrets.unlockWithPin(PIN);
    a.gate.gateFor(() => undefined, { forNewSecret: true });
    await a.secrets.verifyPin(PIN);
    await expect(a.secrets.createPin('905183')).resolves.toBe('updated');
    // The other tab takes the new record from the storage event, and stays open: the key is the same.
    await expect.poll(() => b.store.records().pin?.salt).toBe(a.store.records().pin?.salt);
    expect(b.store.appState.locked).toBe(false);
    const id = await b.cards.saveCard({ data: three });
    await expect.poll(() => a.shownIds()).toEqual([first, id].sort());
  });

  it('a PIN changed in one tab of an empty wallet leaves the other open: its worker tells the key is the same', async () => {
    const [a, b] = await Promise.all([openTab(), openTab()]);
    await a.secrets.createPin(PIN);
    await expect.poll(() => b.store.appState.locked).toBe(true);
    await b.secrets.unlockWithPin(PIN);
    a.gate.gateFor(() => undefined, { forNewSecret: true });
    await a.secrets.verifyPin(PIN);
    await expect(a.secrets.createPin('905183')).resolves.toBe('updated');
    // No card to try: the note the first tab's worker left with the new record says it wraps the same key.
    await expect.poll(() => b.store.records().pin?.salt).toBe(a.store.records().pin?.salt);
    expect(b.store.appState.locked).toBe(false);
    const id = await b.cards.saveCard({ data: three });
    await expect.poll(() => a.shownIds()).toEqual([id]);
  });

  it('a PIN made again elsewhere with a new key, in one go, locks the other tab; the new PIN opens its cards', async () => {
    const [a, b] = await Promise.all([openTab(), openTab()]);
    const first = await a.cards.saveCard({ data: one });
    await a.secrets.createPin(PIN);
    await expect.poll(() => b.store.appState.locked).toBe(true);
    await b.secrets.unlockWithPin(PIN);
    const card = JSON.parse(JSON.stringify(b.store.cardsState.cards[0]));
    // Another tab removed the PIN and made a new one before this tab followed: a new key, the card sealed under it.
    const elsewhere = startEngine();
    const made = await elsewhere.createSecret('905183', { type: 'UNENCRYPTED', cards: { [first]: card } }, Date.now(), {
      kind: 'pin',
    });
    localStorage.setItem('sleeve/cards', JSON.stringify(made.collection));
    localStorage.setItem('sleeve/auth', JSON.stringify({ password: null, pin: made.record, passkey: null }));
    await expect.poll(() => b.store.appState.locked).toBe(true);
    await expect(b.secrets.unlockWithPin(PIN)).rejects.toThrow();
    await b.secrets.unlockWithPin('905183');
    expect(b.shownIds()).toEqual([first]);
    expect(b.store.cardsState.unreadable).toEqual([]);
  });
});
