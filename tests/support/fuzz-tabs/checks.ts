/**
 * What a settled fuzz sequence must hold, and how a failing one is reported: each tab shows exactly what storage
 * (signed in: the server) holds, the same in both tabs, and every acknowledged save is where it belongs.
 */
import type { Sequence } from './sequence';
import { STORAGE, serverCards, storedAuth, storedCards, storedOutbox } from './stored';

/** What is wrong now, or `null`. */
export async function problemOf(sequence: Sequence): Promise<string | null> {
  if (sequence.violations.length > 0) return `Stored unprotected: ${sequence.violations[0]}`;
  const stored = storedCards();
  const auth = storedAuth();
  const signedIn = auth.password != null;
  const server = signedIn || sequence.uid ? await serverCards(sequence.uid ?? '') : {};
  const waiting = Object.keys(storedOutbox().cards);
  if (signedIn && waiting.length > 0) return `changes still waiting: ${waiting.join(', ')}`;
  const holds = signedIn ? server : stored.cards;
  const expected = Object.keys(holds).sort().join(' ');
  const views: string[] = [];
  for (const tab of sequence.tabs) {
    const app = tab.store.appState;
    const state = tab.store.cardsState;
    if (app.phase !== 'ready') return `${tab.name} is in phase ${app.phase}`;
    if (app.locked) return `${tab.name} is locked`;
    if ((app.user !== null) !== signedIn)
      return `${tab.name} is ${app.user ? '' : 'not '}signed in; storage says otherwise`;
    if (state.unreadable.length > 0) {
      // Where each came from, for a failure that does not come back on replay.
      const whence = (id: string) =>
        `${id} (${Object.hasOwn(server, id) ? 'on' : 'not on'} the server, ${Object.hasOwn(stored.cards, id) ? '' : 'not '}stored)`;
      return `${tab.name} lists cards it cannot open: ${state.unreadable.map((card) => whence(card.id)).join(', ')}`;
    }
    const ids = state.cards
      .map((card) => card.id)
      .sort()
      .join(' ');
    if (ids !== expected)
      return `${tab.name} shows [${ids}] but ${signedIn ? 'the server' : 'storage'} holds [${expected}]`;
    const shown = [...state.cards].sort((a, b) => (a.id < b.id ? -1 : 1));
    for (const card of shown) {
      const there = holds[card.id];
      if (there && there.modifiedAt !== card.modifiedAt)
        return `${tab.name} shows ${card.id} from ${card.modifiedAt}, the stored copy is from ${there.modifiedAt}`;
    }
    views.push(shown.map((card) => `${card.id}@${card.modifiedAt}:${card.data.cardholder}`).join(' '));
  }
  if (views[0] !== views[1]) return `the tabs show different cards: [${views[0]}] and [${views[1]}]`;
  for (const saved of sequence.saved.values()) {
    const later = sequence.touched.get(saved.id);
    if (later !== undefined && later >= saved.at) continue;
    const where = saved.place === 'account' ? server : signedIn ? null : stored.cards;
    if (!where) continue;
    if (!where[saved.id])
      return `${saved.id} (saved in ${saved.by}) is missing from ${saved.place === 'account' ? 'the server' : 'storage'}`;
    const card = sequence.tabs[0]!.store.cardsState.cards.find((shown) => shown.id === saved.id);
    if (where === holds && card && card.data.cardholder !== saved.cardholder && !sequence.raced(saved))
      return `${saved.id} shows ${card.data.cardholder}, but ${saved.cardholder} was saved last (in ${saved.by})`;
  }
  return null;
}

/** The sequence's actions and each tab's state, for a failure's report. */
export function describeSequence(sequence: Sequence): string {
  const lines = [...sequence.log];
  lines.push(`stored: ${localStorage.getItem(STORAGE.cards)}`);
  lines.push(`auth: ${localStorage.getItem(STORAGE.auth)?.slice(0, 160)}`);
  lines.push(`outbox: ${localStorage.getItem(STORAGE.outbox)?.slice(0, 300)}`);
  for (const tab of sequence.tabs) {
    const app = tab.store.appState;
    lines.push(
      `${tab.name}: ${app.phase}${app.locked ? ' locked' : ''}` +
        `${app.user ? ` signed in${app.user.uid === sequence.uid ? '' : ` as ${app.user.uid}, not ${sequence.uid}`}` : ''}` +
        `${app.pinCreated ? ' pin' : ''}${app.passwordCreated ? ' password' : ''}, shows ` +
        `[${tab.store.cardsState.cards.map((card) => `${card.id}@${card.modifiedAt}`).join(' ')}], waiting ${tab.store.cardsState.waiting}` +
        `, cannot open [${tab.store.cardsState.unreadable.map((card) => card.id).join(' ')}]`,
    );
  }
  return lines.map((line) => `  ${line}`).join('\n');
}
