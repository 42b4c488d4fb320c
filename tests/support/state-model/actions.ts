/** What a person (or the network) does: a random list of actions, each started in a tab when it can take it. */
import type { Random } from '../seeded';
import { randomInt } from '../seeded';
import { signIn, signOut } from './account';
import { openTab } from './app';
import { deleteCard, saveCard } from './cards';
import type { Flow, Run } from './core';
import { DEVICES, TABS_PER_DEVICE } from './core';
import type { Tab } from './device';
import { killTab, setOnline } from './network';
import { keepDeviceKey, writeForeignRecord } from './newer-password';
import { keepApart, keptApart, writeUnderOldKey } from './old-keys';
import { changePassword } from './record-writes';
import { changePasswordAndKey } from './replace-key';
import { createPin, lockDevice, removePin, unlock } from './secrets';
import { hasSecret } from './store';
import type { World } from './world';

export const ACTION_KINDS = [
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
] as const;
/**
 * With another client of the account: it writes a newer password record over a key of its own, and a device that
 * refused it keeps its own key. Drawn only in sequences that have that client, so that every other sequence (and
 * every pinned seed) stays as it was.
 */
export const OTHER_CLIENT_KINDS = ['foreignRecord', 'keepKey'] as const;
/**
 * In the run with key replacement: 'Change password' with 'Also replace the encryption key', and racing it, a
 * password changed on another device (online, or refused offline); a client holding a retired key writing a card
 * under it (old-keys.ts); the person keeping a card kept apart, or this device's key over a refused record. Drawn
 * only there, for the same reason.
 */
export const REPLACE_KEY_KINDS = ['replaceKey', 'changePassword', 'oldKeyCard', 'keepApart', 'keepKey'] as const;
export type ActionKind =
  | (typeof ACTION_KINDS)[number]
  | (typeof OTHER_CLIENT_KINDS)[number]
  | (typeof REPLACE_KEY_KINDS)[number];
const KINDS: Record<Run, readonly ActionKind[]> = {
  twoDevices: ACTION_KINDS,
  otherClient: [...ACTION_KINDS, ...OTHER_CLIENT_KINDS],
  replaceKey: [...ACTION_KINDS, ...REPLACE_KEY_KINDS],
};
const WEIGHTS: Record<ActionKind, number> = {
  add: 20,
  edit: 12,
  delete: 8,
  createPin: 6,
  removePin: 4,
  lock: 4,
  unlock: 8,
  signIn: 7,
  signOut: 3,
  network: 9,
  reload: 5,
  foreignRecord: 2,
  keepKey: 3,
  replaceKey: 12,
  changePassword: 8,
  oldKeyCard: 5,
  keepApart: 3,
};

export interface Action {
  kind: ActionKind;
  tab: number;
  pick: number;
}

export const describeAction = (action: Action): string => {
  const device = action.tab < TABS_PER_DEVICE ? 'A' : 'B';
  const slot = (action.tab % TABS_PER_DEVICE) + 1;
  if (action.kind === 'foreignRecord' || action.kind === 'oldKeyCard') return action.kind;
  return action.kind === 'network' ? `${device}:network` : `${device}${slot}:${action.kind}`;
};

/** A key is replaced only in an account: the run with key replacement signs in more often (see `makeActions`). */
const RUN_WEIGHTS: Record<Run, Partial<Record<ActionKind, number>>> = {
  twoDevices: {},
  otherClient: {},
  replaceKey: { signIn: 10 },
};

export function makeActions(random: Random, run: Run): Action[] {
  const kinds = KINDS[run];
  const weight = (kind: ActionKind) => RUN_WEIGHTS[run][kind] ?? WEIGHTS[kind];
  const total = kinds.reduce((sum, kind) => sum + weight(kind), 0);
  const count = 6 + randomInt(random, 18);
  const drawn = Array.from({ length: count }, (): Action => {
    let roll = random() * total;
    let kind: ActionKind = 'add';
    for (const candidate of kinds) {
      roll -= weight(candidate);
      if (roll < 0) {
        kind = candidate;
        break;
      }
    }
    return { kind, tab: randomInt(random, DEVICES * TABS_PER_DEVICE), pick: randomInt(random, 1000) };
  });
  if (run !== 'replaceKey') return drawn;
  // A key is replaced only in an account: that run begins with a sign-in.
  return [{ kind: 'signIn', tab: randomInt(random, DEVICES * TABS_PER_DEVICE), pick: 0 }, ...drawn];
}

function tabOf(world: World, index: number): Tab {
  const device = world.devices[Math.floor(index / TABS_PER_DEVICE)]!;
  return device.tabs[index % TABS_PER_DEVICE]!;
}

/** Starts the action if the tab can take it now; `false` when it has to wait (the tab is busy or loading). */
export function startAction(world: World, action: Action): 'started' | 'wait' | 'skipped' {
  const tab = tabOf(world, action.tab);
  const device = tab.device;
  if (action.kind === 'network') {
    setOnline(world, device, !device.online);
    return 'started';
  }
  if (action.kind === 'foreignRecord') {
    // Over the devices already in the account: a sign-in under way would join under the other client's key.
    if (world.signingIn.size > 0) return 'wait';
    return writeForeignRecord(world) ? 'started' : 'skipped';
  }
  if (action.kind === 'oldKeyCard') return writeUnderOldKey(world, action.pick) ? 'started' : 'skipped';
  if (action.kind === 'reload') {
    world.note(`${tab.name} reloads`);
    killTab(world, tab);
    openTab(world, device, tab.slot);
    return 'started';
  }
  if (tab.busy || tab.phase === 'loading') return 'wait';
  if (tab.phase !== 'ready') return 'skipped';
  const open = !tab.locked;
  let flow: Flow | null = null;
  const pickCard = () => tab.shown[action.pick % Math.max(1, tab.shown.length)];
  switch (action.kind) {
    case 'add':
      if (open) flow = saveCard(world, tab, undefined);
      break;
    case 'edit': {
      const card = pickCard();
      if (open && card) flow = saveCard(world, tab, card.id);
      break;
    }
    case 'delete': {
      const card = pickCard();
      if (open && card) flow = deleteCard(world, tab, card.id);
      break;
    }
    case 'createPin':
      if (open) flow = createPin(world, tab);
      break;
    case 'removePin':
      if (open && tab.records.pin) flow = removePin(world, tab);
      break;
    case 'lock':
      if (open && hasSecret(tab)) flow = lockDevice(tab);
      break;
    case 'unlock':
      // After a password change elsewhere, the person may use the PIN or enter the new password.
      if (tab.locked) flow = unlock(world, tab, action.pick % 2 === 0);
      break;
    case 'keepKey':
      if (tab.keyConflict) flow = keepDeviceKey(world, tab);
      break;
    case 'signIn': {
      // Another device may be signing in at the same moment (both may reach 'Create a password'); another tab of
      // this device may not.
      // Not once another client replaced the account's record: a device signing in then joins under that key (the
      // person was given its password), and the cards of two keys that follow are that client's doing.
      const replaced = world.otherClient && world.foreignRecords > 0;
      if (open && !tab.user && device.online && !replaced && ![...world.signingIn].some((o) => o.device === device))
        flow = signIn(world, tab);
      break;
    }
    case 'signOut':
      if (tab.user) flow = signOut(world, tab);
      break;
    case 'changePassword':
      // Where the screen offers it: signed in and unlocked; offline the flow refuses, with nothing sent.
      if (open && tab.session) flow = changePassword(world, tab);
      break;
    case 'keepApart': {
      const card = keptApart(tab)[action.pick % Math.max(1, keptApart(tab).length)];
      if (open && card) flow = keepApart(world, tab, card);
      break;
    }
    case 'replaceKey':
      // Where the screen offers it: signed in and unlocked; the flow refuses offline or with changes waiting.
      if (open && tab.session) flow = changePasswordAndKey(world, tab);
      break;
  }
  if (!flow) return 'skipped';
  world.note(`${tab.name} starts ${action.kind}`);
  tab.busy = true;
  world.spawn(tab, action.kind, flow, (error) => {
    tab.busy = false;
    if (error !== undefined) {
      world.stats.failedOps += 1;
      world.unexpected(tab, action.kind, error);
    }
  });
  return 'started';
}
