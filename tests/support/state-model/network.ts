/**
 * The server and the network: each tab's Firebase client (its own connection; writes shown at once on the writing
 * tab, kept until answered, sent in order, sent again after a reconnect) and a server that holds the last write,
 * except that it refuses a card older than the copy it holds (database.rules.json).
 */
import type { EncryptedCard, EncryptedCollection } from '../../../src/domain/card';
import type { SecretRecord } from '../../../src/domain/secret';
import { UID } from './core';
import type { Device, Tab } from './device';
import type { Session } from './sync-session';
import { versionOfSealed } from './tokens';
import type { World } from './world';

export interface Write {
  wid: number;
  tab: Tab;
  set?: EncryptedCard;
  remove?: string[];
  /** When the removed cards were deleted (the server never sees it: it is the model's fixed server that uses it). */
  removedAt?: number;
  sent: boolean;
  onAck: () => void;
  onRefuse: () => void;
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
  /** The listener on the account's password record, the values it has not heard yet and the last one raised. */
  auth: Session | null;
  records: (SecretRecord | null)[];
  lastRecord?: string;
}

/** Firebase raises a value event on the password record only when what the client last had changes. */
export function recordChanged(fb: Firebase, record: SecretRecord | null): void {
  const key = JSON.stringify(record);
  if (key === fb.lastRecord) return;
  fb.lastRecord = key;
  fb.records.push(record);
}

export function fbWrite(world: World, tab: Tab, write: Omit<Write, 'wid' | 'tab' | 'sent'>): void {
  world.counter += 1;
  tab.fb.pending.push({ ...write, wid: world.counter, tab, sent: false });
  viewChanged(tab.fb);
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

/** The account's password record is written: every tab listening hears it (Firebase's `onValue`). */
export function writePasswordRecord(world: World, record: SecretRecord): void {
  world.server.password = record;
  for (const device of world.devices) {
    if (!device.online || device.google !== UID) continue;
    for (const tab of device.tabs) if (tab.alive && tab.fb.auth) recordChanged(tab.fb, record);
  }
}

export function applyAtServer(world: World, device: Device, write: Write): boolean {
  if (device.google !== UID) return false;
  // database.rules.json: a card older than the copy the server holds is refused (newer wins on the server).
  if (write.set && (world.server.cards[write.set.id]?.modifiedAt ?? -1) > write.set.modifiedAt) return false;
  // database.rules.json: a deletion is dated ({uid}/deleted), and one older than the card it removes is refused.
  if (write.removedAt !== undefined) {
    const at = write.removedAt;
    if ((write.remove ?? []).some((id) => (world.server.cards[id]?.modifiedAt ?? -1) > at)) return false;
  }
  if (write.set) world.server.cards[write.set.id] = write.set;
  for (const id of write.remove ?? []) delete world.server.cards[id];
  broadcast(world);
  return true;
}

export function deliverUp(world: World, tab: Tab): void {
  const write = tab.fb.pending.find((candidate) => !candidate.sent);
  if (!write) return;
  write.sent = true;
  const accepted = applyAtServer(world, tab.device, write);
  world.note(
    `${tab.name} server ${accepted ? 'took' : 'refused'} ${write.set ? `set ${write.set.id}:${versionOfSealed(write.set)}` : `remove ${write.remove?.join(',')}`}`,
  );
  tab.fb.downlink.push({ kind: accepted ? 'ack' : 'refuse', write });
}

export function deliverDown(tab: Tab): void {
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
    if (online && fb.auth && device.google === UID) recordChanged(fb, world.server.password);
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
