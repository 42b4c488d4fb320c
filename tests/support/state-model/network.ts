/**
 * The server and the network: each tab's Firebase client (its own connection; writes shown at once on the writing
 * tab, kept until answered, sent in order, sent again after a reconnect) and a server that holds the last write,
 * except that it refuses a card older than the copy it holds (database.rules.json), and a key replacement's update
 * whole when any part of it breaks the rules.
 */
import type { EncryptedCard, EncryptedCollection } from '../../../src/domain/card';
import type { RetiredKeys, SecretRecord } from '../../../src/domain/secret';
import { sameRecord } from '../../../src/state/device-records';
import { UID } from './core';
import type { Device, Tab } from './device';
import { cardRefused, recordWritten, replaceRefused } from './rules';
import type { Session } from './sync-session';
import { versionOfSealed } from './tokens';
import type { World } from './world';

export interface Write {
  wid: number;
  tab: Tab;
  set?: EncryptedCard;
  remove?: string[];
  /** When the removed cards were deleted (`{uid}/deleted/{id}`). */
  removedAt?: number;
  /** A key replacement's one update of `{uid}` (src/remote/database/account-key.ts): record, retired keys and every card. */
  replace?: Replace;
  /**
   * A password record written over the record it replaces (database/records.ts `swapPasswordRecord`): a transaction
   * the server takes only while it holds `replaces`; not applied locally, so listeners hear it only from the server.
   * `held`: what the server held when it refused it (the transaction's snapshot, `RecordSwap.held`).
   */
  swap?: { replaces: SecretRecord | null; record: SecretRecord; held?: SecretRecord | null };
  sent: boolean;
  onAck: () => void;
  onRefuse: () => void;
}

/** A key replacement's update, over the record and the retired keys (`previous`) it replaces. */
export interface Replace {
  record: SecretRecord;
  retired: RetiredKeys;
  cards: readonly EncryptedCard[];
  replaces: SecretRecord;
  previous: RetiredKeys | null;
}

export type Down = { kind: 'data'; cards: Record<string, EncryptedCard> } | { kind: 'ack' | 'refuse'; write: Write };

/** One tab's Firebase client: its own connection, its pending writes and what it last heard from the server. */
export interface Firebase {
  pending: Write[];
  downlink: Down[];
  socketUp: boolean;
  /** What `.info/connected` last told the listener; `null` before the first notice. */
  noticed: boolean | null;
  confirmed: Record<string, EncryptedCard> | null;
  /** The view as last raised, and the value events raised and not yet delivered to the listener, in order. */
  lastView: string | null;
  valueEvents: EncryptedCollection[];
  cards: Session | null;
  connection: Session | null;
  users: Session | null;
  userNotices: (string | null)[];
  /**
   * The listener on the account's `auth` (its password record and retired keys), what it has not heard yet, and the
   * last value raised.
   */
  auth: Session | null;
  auths: AuthNode[];
  lastAuth?: string;
}

/** `{uid}/auth`: the password record and the retired keys (database/listeners.ts `listenAuth`). */
export interface AuthNode {
  password: SecretRecord | null;
  retiredKeys: RetiredKeys | null;
}

/** What the client holds of `{uid}/auth`: the server's, under its own key replacement still unanswered. */
function authView(world: World, fb: Firebase): AuthNode {
  const own = fb.pending.findLast((write) => write.replace !== undefined)?.replace;
  if (own) return { password: own.record, retiredKeys: own.retired };
  return { password: world.server.password, retiredKeys: world.server.retiredKeys };
}

/** Firebase raises a value event on `{uid}/auth` only when what the client holds of it changes. */
export function authChanged(world: World, fb: Firebase): void {
  const node = authView(world, fb);
  const key = JSON.stringify(node);
  if (key === fb.lastAuth) return;
  fb.lastAuth = key;
  fb.auths.push(node);
}

export function fbWrite(world: World, tab: Tab, write: Omit<Write, 'wid' | 'tab' | 'sent'>): void {
  world.counter += 1;
  tab.fb.pending.push({ ...write, wid: world.counter, tab, sent: false });
  viewChanged(tab.fb);
  // Firebase raises the writing tab's own events inside the write: a key replacement's record and retired keys are
  // heard before `update` returns (while the session marks the record as its own). What the server sent that was not
  // heard yet is shadowed by the write until it is answered.
  const listener = tab.fb.auth;
  if (write.replace && listener) {
    tab.fb.auths = [];
    authChanged(world, tab.fb);
    const own = tab.fb.auths.shift();
    if (own) listener.authHeard(own.password, own.retiredKeys);
  }
}

/** Firebase raises a value event for each change of what the listener sees (the server's cards, own writes on top). */
export function viewChanged(fb: Firebase): void {
  const view = fb.cards ? fbView(fb) : null;
  if (!view) return;
  const key = JSON.stringify(view);
  if (key === fb.lastView) return;
  fb.lastView = key;
  fb.valueEvents.push(view);
}

export function fbView(fb: Firebase): EncryptedCollection | null {
  if (fb.confirmed === null) return null;
  const cards = { ...fb.confirmed };
  for (const write of fb.pending) {
    if (write.set) cards[write.set.id] = write.set;
    for (const id of write.remove ?? []) delete cards[id];
    for (const card of write.replace?.cards ?? []) cards[card.id] = card;
  }
  return { type: 'ENCRYPTED', cards };
}

/** Everything the server says goes to each tab listening on the account's cards, in order. */
export function broadcast(world: World): void {
  for (const device of world.devices) {
    if (!device.online || device.google !== UID) continue;
    for (const tab of device.tabs) {
      if (tab.alive && tab.fb.cards) tab.fb.downlink.push({ kind: 'data', cards: { ...world.server.cards } });
    }
  }
}

/**
 * The account's password record is written (with the retired keys, when a key replacement writes them): every tab
 * listening hears it (Firebase's `onValue`).
 */
export function writePasswordRecord(world: World, record: SecretRecord, retired?: RetiredKeys): void {
  recordWritten(world, record, retired);
  world.server.password = record;
  if (retired) world.server.retiredKeys = retired;
  for (const device of world.devices) {
    if (!device.online || device.google !== UID) continue;
    for (const tab of device.tabs) if (tab.alive && tab.fb.auth) authChanged(world, tab.fb);
  }
}

export function applyAtServer(world: World, device: Device, write: Write): boolean {
  if (device.google !== UID) return false;
  // database.rules.json: a card older than the copy the server holds is refused (newer wins on the server).
  if (write.set && cardRefused(world, write.set)) return false;
  // database.rules.json: a deletion is dated ({uid}/deleted), and one older than the card it removes is refused.
  if (write.removedAt !== undefined) {
    const at = write.removedAt;
    if ((write.remove ?? []).some((id) => (world.server.cards[id]?.modifiedAt ?? -1) > at)) return false;
  }
  const replace = write.replace;
  if (replace && replaceRefused(world, replace)) return false;
  const swap = write.swap;
  if (swap) {
    swap.held = world.server.password;
    if (!sameRecord(swap.held, swap.replaces)) return false;
    writePasswordRecord(world, swap.record);
    return true;
  }
  if (write.set) world.server.cards[write.set.id] = write.set;
  for (const id of write.remove ?? []) {
    delete world.server.cards[id];
    world.server.deleted[id] = Math.max(world.server.deleted[id] ?? -1, write.removedAt ?? -1);
  }
  for (const card of replace?.cards ?? []) world.server.cards[card.id] = card;
  if (replace) writePasswordRecord(world, replace.record, replace.retired);
  broadcast(world);
  return true;
}

export function deliverUp(world: World, tab: Tab): void {
  const write = tab.fb.pending.find((candidate) => !candidate.sent);
  if (!write) return;
  write.sent = true;
  const accepted = applyAtServer(world, tab.device, write);
  world.note(`${tab.name} server ${accepted ? 'took' : 'refused'} ${describeWrite(write)}`);
  tab.fb.downlink.push({ kind: accepted ? 'ack' : 'refuse', write });
}

function describeWrite(write: Write): string {
  if (write.set) return `set ${write.set.id}:${versionOfSealed(write.set)}`;
  if (write.replace) return `the key replacement to ${write.replace.record.encryptedDek.ciphertext}`;
  if (write.swap) return `the password record ${write.swap.record.salt} over ${write.swap.replaces?.salt ?? 'none'}`;
  return `remove ${write.remove?.join(',')}`;
}

export function deliverDown(world: World, tab: Tab): void {
  const message = tab.fb.downlink.shift();
  if (!message) return;
  if (message.kind === 'data') {
    if (tab.fb.cards) {
      tab.fb.confirmed = message.cards;
      viewChanged(tab.fb);
    }
    return;
  }
  tab.fb.pending = tab.fb.pending.filter((write) => write !== message.write);
  viewChanged(tab.fb);
  // A refused key replacement is undone on the writing tab: it hears the account's record and retired keys again.
  if (message.write.replace && tab.fb.auth) authChanged(world, tab.fb);
  if (message.kind === 'ack') message.write.onAck();
  else message.write.onRefuse();
}

export function setOnline(world: World, device: Device, online: boolean): void {
  if (device.online === online) return;
  device.online = online;
  world.note(`${device.name} goes ${online ? 'online' : 'offline'}`);
  for (const tab of device.tabs) {
    if (!tab.alive) continue;
    const fb = tab.fb;
    fb.socketUp = online;
    if (!online) {
      // Answers on their way are lost with the connection; unanswered writes are sent again on reconnect.
      fb.downlink = [];
      for (const write of fb.pending) write.sent = false;
    } else if (fb.cards && device.google === UID) {
      fb.downlink.push({ kind: 'data', cards: { ...world.server.cards } });
    }
    if (online && fb.auth && device.google === UID) authChanged(world, fb);
  }
}

export function setGoogle(world: World, device: Device, user: string | null): void {
  if (device.google === user) return;
  device.google = user;
  world.note(`${device.name} Google ${user ? 'signed in' : 'signed out'}`);
  for (const tab of device.tabs) if (tab.alive && tab.fb.users) tab.fb.userNotices.push(user);
}

/** A tab closes (reload): its memory, worker, pending lock requests and unsent writes go; sent writes still land. */
export function killTab(world: World, tab: Tab): void {
  tab.alive = false;
  tab.session?.dispose();
  world.signingIn.delete(tab);
  const device = tab.device;
  device.lockQueue = device.lockQueue.filter((entry) => entry.tab !== tab);
  for (const co of world.cos) if (co.tab === tab) co.done = true;
  for (const write of tab.fb.pending) {
    if (write.sent) continue;
    if (!device.online || world.random() < 0.5) break;
    // Already on the wire when the page went away.
    write.sent = true;
    applyAtServer(world, device, write);
  }
}
