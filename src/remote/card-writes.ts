/**
 * Every write of an account's cards, with the slots that go with them (src/domain/card-slots.ts: the server's cap on
 * the number of cards). A card set keeps or takes a slot, a card removed frees its slot, all in one multi-path update
 * of `{uid}`, so the server never holds a card without its slot.
 *
 * Writes leave in the order they are made: a save and then a delete of one card must reach the server in that
 * order. While the account's cards are subscribed, the slots are known on this device (Firebase's copy, which holds
 * this device's writes still on their way) and a write goes out at once, in the same tick, as a plain `set` would;
 * otherwise it waits for the slots, and every later write of the account waits its turn behind it.
 */
import { onValue, ref, update } from 'firebase/database';
import type { EncryptedCard } from '../domain/card';
import { type SlotPicker, type Slots, slotsFrom, slotWrites, takenBy } from '../domain/card-slots';
import { database } from './firebase';

/** Where a free slot is looked for first; tests fix it to make two writers pick the same slot. */
export const slotChoice: { pick: SlotPicker | undefined } = { pick: undefined };

/** How often a write whose slot another device took meanwhile is made again with another slot. */
const SLOT_RETRIES = 3;

/** The slots of each subscribed account, as this device's Firebase holds them. */
const known = new Map<string, Slots>();
/** Per account, the latest write still waiting for the slots: later writes go out after it. */
const queued = new Map<string, Promise<unknown>>();
/** Per account, slots chosen by writes the server has not answered yet (so another write leaves them alone). */
const taking = new Map<string, Set<string>>();

const slotsRef = (uid: string) => ref(database, `${uid}/slots`);

/** Keeps the account's slots on this device while its cards are subscribed; returns the unsubscribe. */
export function followSlots(uid: string): () => void {
  const stop = onValue(
    slotsRef(uid),
    (snapshot) => known.set(uid, slotsFrom(snapshot.val())),
    // Reading the slots fails only where reading the cards fails too, and that is reported there.
    () => known.delete(uid),
  );
  return () => {
    stop();
    known.delete(uid);
  };
}

/** The account's slots from the server. No time limit: an outbox write waits for the connection like the write. */
function readSlots(uid: string): Promise<Slots> {
  return new Promise((resolve, reject) => {
    onValue(slotsRef(uid), (snapshot) => resolve(slotsFrom(snapshot.val())), reject, { onlyOnce: true });
  });
}

const sameSlots = (a: Slots, b: Slots): boolean => JSON.stringify(a) === JSON.stringify(b);

interface CardWrite {
  uid: string;
  cards: readonly EncryptedCard[];
  removed: readonly string[];
  /** The cards become exactly `cards`: every other card, and its slot, goes. */
  whole: boolean;
}

/**
 * Sets `cards` and removes `removed` (ids) in one write. Resolves when the server has it; rejects when the server
 * refuses it, or with the cap's error when a card needs a slot and the account has none free. A refusal because
 * another device took the slot chosen here a moment before is not final: the write is made again.
 */
export function writeCards(
  uid: string,
  cards: readonly EncryptedCard[],
  removed: readonly string[],
  whole = false,
): Promise<void> {
  const write: CardWrite = { uid, cards, removed, whole };
  const slots = known.get(uid);
  const ahead = queued.get(uid);
  if (slots && !ahead) return answered(write, slots, issue(write, slots));
  const issued = (ahead ?? Promise.resolve())
    .catch(() => {})
    .then(async () => {
      const slots = known.get(uid) ?? (await readSlots(uid));
      return { slots, answer: issue(write, slots) };
    });
  queued.set(uid, issued);
  const done = () => {
    if (queued.get(uid) === issued) queued.delete(uid);
  };
  issued.then(done, done);
  return issued.then(({ slots, answer }) => answered(write, slots, answer));
}

/** Sends the write now, with the slot entries `slots` call for; the server's answer. */
function issue({ uid, cards, removed, whole }: CardWrite, slots: Slots): Promise<void> {
  const mine = taking.get(uid) ?? new Set<string>();
  taking.set(uid, mine);
  const setIds = cards.map((card) => card.id);
  const gone = whole ? Object.values(slots).filter((id) => !setIds.includes(id)) : removed;
  let writes: ReturnType<typeof slotWrites>;
  try {
    writes = slotWrites(slots, setIds, gone, mine, slotChoice.pick);
  } catch (error) {
    return Promise.reject(error);
  }
  const paths: Record<string, unknown> = { ...writes };
  if (whole) paths.cards = Object.fromEntries(cards.map((card) => [card.id, card]));
  else {
    for (const card of cards) paths[`cards/${card.id}`] = card;
    for (const id of removed) paths[`cards/${id}`] = null;
  }
  const chosen = takenBy(writes);
  for (const slot of chosen) mine.add(slot);
  const release = () => {
    for (const slot of chosen) mine.delete(slot);
  };
  const answer = update(ref(database, uid), paths);
  answer.then(release, release);
  return answer;
}

/** The answer to `first`; a refusal after the slots moved on the server is tried again with the slots as they are. */
async function answered(write: CardWrite, slots: Slots, first: Promise<void>): Promise<void> {
  let used = slots;
  let answer = first;
  for (let attempt = 0; ; attempt++) {
    try {
      await answer;
      return;
    } catch (error) {
      if (attempt >= SLOT_RETRIES) throw error;
      const now = await readSlots(write.uid).catch(() => used);
      if (sameSlots(used, now)) throw error;
      used = now;
      answer = issue(write, now);
    }
  }
}
