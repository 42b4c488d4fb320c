/**
 * The cap on an account's cards, as the server enforces it (database.rules.json). The rules language cannot count
 * children, so each card on the server takes one of a fixed number of slots: `{uid}/slots/{slot}` names the card
 * and `{uid}/slotOf/{cardId}` names its slot, and the rules accept a card only while its slot names it back. With
 * slots `s0` to `s1999`, no account holds more than 2,000 cards. A slot is freed with its card, in the same write.
 *
 * Pure: which entries a write of cards must carry, given the slots the server holds.
 */
import { SleeveError } from './errors';

/** The most cards one account keeps on the server: slots s0 to s{CARD_CAP - 1}. */
export const CARD_CAP = 2_000;

export const CapMessages = {
  full: `Your account holds ${CARD_CAP.toLocaleString('en')} cards, the most it can keep. Delete a card to add another.`,
} as const;

/** `{uid}/slots` as the server holds it: slot → card id. */
export type Slots = Readonly<Record<string, string>>;

/** Paths under `{uid}` and their new values (null deletes), for one multi-path update. */
export type SlotWrites = Record<string, string | null>;

export const slotKey = (index: number): string => `s${index}`;

const SLOT_PATTERN = /^s(0|[1-9][0-9]{0,2}|1[0-9]{3})$/;
export const isSlotKey = (key: string): boolean => SLOT_PATTERN.test(key) && Number(key.slice(1)) < CARD_CAP;

/** The server's slots as read (anything else under `{uid}/slots` is ignored). */
export function slotsFrom(value: unknown): Slots {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const slots: [string, string][] = [];
  for (const [key, id] of Object.entries(value)) if (isSlotKey(key) && typeof id === 'string') slots.push([key, id]);
  return Object.fromEntries(slots);
}

/** The account has no free slot for another card: said to the person as it is. */
export class CardCapError extends SleeveError {
  constructor() {
    super(CapMessages.full);
    this.name = 'CardCapError';
  }
}

/** A whole number in [0, below): where a free slot is looked for first. Random, so two devices rarely pick alike. */
export type SlotPicker = (below: number) => number;

const randomPicker: SlotPicker = (below) => crypto.getRandomValues(new Uint32Array(1))[0]! % below;

/**
 * The slot entries a write must carry: each card set keeps the slot that names it, or takes a free one (not named
 * in `slots` nor in `taken`, e.g. slots other writes of this device are taking right now); each card removed frees
 * its slot. Throws the cap's message when a card needs a slot and none is free.
 */
export function slotWrites(
  slots: Slots,
  set: readonly string[],
  removed: readonly string[],
  taken: ReadonlySet<string> = new Set(),
  pick: SlotPicker = randomPicker,
): SlotWrites {
  const slotOf = new Map<string, string>();
  for (const [slot, id] of Object.entries(slots)) if (!slotOf.has(id)) slotOf.set(id, slot);
  const used = new Set([...Object.keys(slots), ...taken]);
  const writes: SlotWrites = {};
  for (const id of removed) {
    const slot = slotOf.get(id);
    if (slot !== undefined) writes[`slots/${slot}`] = null;
    writes[`slotOf/${id}`] = null;
  }
  for (const id of set) {
    const slot = slotOf.get(id) ?? freeSlot(used, pick);
    used.add(slot);
    writes[`slots/${slot}`] = id;
    writes[`slotOf/${id}`] = slot;
  }
  return writes;
}

/** A slot nobody uses, looked for from a random start so concurrent writers seldom collide. */
function freeSlot(used: ReadonlySet<string>, pick: SlotPicker): string {
  if (used.size < CARD_CAP) {
    const start = pick(CARD_CAP);
    for (let step = 0; step < CARD_CAP; step++) {
      const slot = slotKey((start + step) % CARD_CAP);
      if (!used.has(slot)) return slot;
    }
  }
  throw new CardCapError();
}

/** The slots this write takes (so other writes of this device leave them alone until it is answered). */
export const takenBy = (writes: SlotWrites): string[] =>
  Object.entries(writes)
    .filter(([path, id]) => path.startsWith('slots/') && id !== null)
    .map(([path]) => path.slice('slots/'.length));
