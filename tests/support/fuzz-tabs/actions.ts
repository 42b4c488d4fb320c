/**
 * What a fuzz sequence does in a tab: the actions, how often each is drawn, and each as the screens would offer it
 * (or not, in the tab's state now), remembering every save the person was told succeeded.
 */
import type { PlainCard } from '../../../src/domain/card';
import { pick, type Random } from '../seeded';
import type { Sequence } from './sequence';
import { storedOutbox } from './stored';
import { type FuzzTab, PASSWORD, PIN, pause } from './tabs';

const ACTIONS = [
  'add',
  'edit',
  'delete',
  'createPin',
  'removePin',
  'lock',
  'unlock',
  'signIn',
  'signOut',
  'network',
  'reload',
  'otherDevice',
] as const;
export type ActionKind = (typeof ACTIONS)[number];
const WEIGHTS: Record<ActionKind, number> = {
  add: 18,
  edit: 10,
  delete: 7,
  createPin: 5,
  removePin: 3,
  lock: 3,
  unlock: 8,
  signIn: 9,
  signOut: 3,
  network: 6,
  reload: 4,
  otherDevice: 8,
};

export function chooseAction(random: Random): ActionKind {
  const total = Object.values(WEIGHTS).reduce((sum, weight) => sum + weight, 0);
  let roll = random() * total;
  for (const kind of ACTIONS) {
    roll -= WEIGHTS[kind];
    if (roll < 0) return kind;
  }
  return 'add';
}

/** One action of `kind` in `tab`, or `null` when the tab cannot take it now (as a screen would not offer it). */
export function actionFor(sequence: Sequence, kind: ActionKind, tab: FuzzTab): (() => Promise<unknown>) | null {
  const app = tab.store.appState;
  const ready = app.phase === 'ready';
  const open = ready && !app.locked;
  const shown = tab.store.cardsState.cards;
  const signedIn = tab.store.session() !== null;
  const pickShown = (): PlainCard | undefined => (shown.length > 0 ? pick(sequence.random, shown) : undefined);
  switch (kind) {
    case 'add': {
      if (!open) return null;
      const data = sequence.cardData();
      return async () => {
        const at = Date.now();
        const id = await tab.cards.saveCard({ data });
        const end = Date.now();
        sequence.remember({
          id,
          cardholder: data.cardholder,
          place: signedIn ? 'account' : 'device',
          at,
          end,
          by: tab.name,
        });
        return id;
      };
    }
    case 'edit': {
      const card = pickShown();
      if (!open || !card) return null;
      const data = { ...card.data, cardholder: sequence.cardData().cardholder };
      return async () => {
        const at = Date.now();
        await tab.cards.saveCard({ id: card.id, data });
        const end = Date.now();
        const place = signedIn ? 'account' : 'device';
        sequence.remember({ id: card.id, cardholder: data.cardholder, place, at, end, by: tab.name });
        return card.id;
      };
    }
    case 'delete': {
      const card = pickShown();
      if (!open || !card) return null;
      sequence.touch(card.id);
      return () => tab.cards.deleteCard(card.id).then(() => card.id);
    }
    case 'createPin':
      if (!open) return null;
      return async () => {
        // As the Security screen's gate does: the current secret first, which the engine wants before it wraps.
        tab.gate.gateFor(() => undefined, { forNewSecret: true });
        if (app.passwordCreated) await tab.secrets.verifyPassword(PASSWORD);
        else if (app.pinCreated) await tab.secrets.verifyPin(PIN);
        return tab.secrets.createPin(PIN);
      };
    case 'removePin':
      return open && app.pinCreated ? () => tab.secrets.removePin() : null;
    case 'lock':
      return open && (app.pinCreated || app.passwordCreated) ? () => tab.secrets.lockDevice() : null;
    case 'unlock':
      if (!ready || !app.locked) return null;
      return () => (app.pinCreated ? tab.secrets.unlockWithPin(PIN) : tab.secrets.unlockWithPassword(PASSWORD));
    case 'signIn':
      if (!open || app.user || !sequence.online) return null;
      return async () => {
        const uid = await tab.google.googleSignIn(sequence.sub);
        const step = await tab.account.continueSignIn();
        if (step === 'CREATE_PASSWORD') {
          // A PIN guards the key the password is to wrap: the Account screen asks for it first.
          tab.gate.gateFor(() => undefined, { forNewSecret: true });
          if (app.pinCreated) await tab.secrets.verifyPin(PIN);
          await tab.account.createAccountPassword(PASSWORD);
        } else await tab.account.enterAccountPassword(PASSWORD);
        sequence.uid = uid;
        // The device's own cards went up to the account with the sign-in.
        for (const saved of sequence.saved.values()) if (saved.place === 'device') saved.place = 'account';
        return step;
      };
    case 'signOut':
      if (!ready || !app.user) return null;
      return async () => {
        // Signing out takes the device's data with it, changes still waiting included (SPEC.md §4): wait for them.
        const until = Date.now() + 3_000;
        while (Object.keys(storedOutbox().cards).length > 0 && Date.now() < until) await pause(50);
        // Still waiting (offline): the sign-out dialog says these changes are lost, and the person goes ahead.
        for (const id of Object.keys(storedOutbox().cards)) sequence.saved.delete(id);
        await tab.account.signOut();
      };
    default:
      return null;
  }
}
