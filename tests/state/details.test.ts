/**
 * A card's details on this device through the real worker and real storage: kept beside the card in the same write
 * and never inside it, shown with it, gone with it, encrypted by a first PIN with the cards and decrypted again when
 * the last one goes, hidden while locked; a record that does not open blocks what would lose it, and changes nothing.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { PlainCard } from '../../src/domain/card';
import { type CardDetails, NO_DETAILS } from '../../src/domain/card-details';
import { getEngine } from '../../src/engine';
import { deleteCard, saveCard } from '../../src/state/cards';
import { DetailsMessages } from '../../src/state/details';
import { startApp } from '../../src/state/lifecycle';
import { lockDevice } from '../../src/state/lock';
import { createPin, removePin } from '../../src/state/pin-changes';
import { unlockWithPin } from '../../src/state/secrets';
import { detailsState } from '../../src/state/store';
import { inClear } from '../support/in-clear';
import { seedPlainCards, storedJson } from '../support/seed-storage';
import { makeCards } from '../support/seeded';

const PIN = '274951';
const details: CardDetails = {
  ...NO_DETAILS,
  pin: '0481',
  notes: 'Reisekarte — keine Gebühren 😀',
  phone: '+49 30 1234567',
};
let cards: PlainCard[];
let card: PlainCard;

/** A plain details record as stored, its date whatever it was saved with. */
const plainRecord = (id: string, data: object) => ({ id, data, modifiedAt: expect.any(Number) });
const storedDetails = () => storedJson('details') as { type: string; details: Record<string, { data: unknown }> };

beforeEach(async () => {
  await getEngine().lock();
  cards = makeCards(31, 3);
  card = cards[0] as PlainCard;
  seedPlainCards(cards);
  await startApp();
});

describe("a card's details", () => {
  it('are stored beside the card in its own key, shown, kept by an edit that leaves them, and cleared when emptied', async () => {
    await saveCard({ id: card.id, data: card.data, details });
    expect(storedDetails()).toEqual({
      type: 'UNENCRYPTED',
      details: {
        [card.id]: plainRecord(card.id, { pin: '0481', notes: details.notes, phone: details.phone }),
      },
    });
    // The card itself keeps exactly SPEC.md's seven fields, nothing more.
    const stored = storedJson('cards') as { cards: Record<string, { data: object }> };
    expect(stored.cards[card.id]?.data).toEqual(card.data);
    expect(detailsState.byCard[card.id]).toEqual(details);
    await saveCard({ id: card.id, data: { ...card.data, issuer: 'Other Bank' } });
    expect(detailsState.byCard[card.id]).toEqual(details);
    await saveCard({ id: card.id, data: card.data, details: NO_DETAILS });
    expect(storedDetails().details).toEqual({});
    expect(detailsState.byCard[card.id]).toBeUndefined();
  });

  it('go with their card', async () => {
    await saveCard({ id: card.id, data: card.data, details });
    await deleteCard(card.id);
    expect(storedDetails().details).toEqual({});
    expect(detailsState.byCard).toEqual({});
  });

  it('are encrypted by a first PIN with the cards, hidden while locked, and plain again when the PIN goes', async () => {
    await saveCard({ id: card.id, data: card.data, details });
    await createPin(PIN);
    const sealed = storedDetails();
    expect(sealed.type).toBe('ENCRYPTED');
    expect(sealed.details[card.id]?.data).toEqual({ cipherText: expect.any(String), iv: expect.any(String) });
    expect(inClear(sealed, '0481')).toBe(false);
    await expect.poll(() => detailsState.byCard[card.id]).toEqual(details);
    await lockDevice();
    expect(detailsState.byCard).toEqual({});
    await unlockWithPin(PIN);
    await expect.poll(() => detailsState.byCard[card.id]).toEqual(details);
    // A second card's details, sealed under the PIN's key as they are saved.
    const other = cards[1] as PlainCard;
    await saveCard({ id: other.id, data: other.data, details: { ...NO_DETAILS, notes: 'spare' } });
    expect(storedDetails().details[other.id]?.data).toEqual({ cipherText: expect.any(String), iv: expect.any(String) });
    await removePin();
    expect(storedDetails()).toEqual({
      type: 'UNENCRYPTED',
      details: {
        [card.id]: plainRecord(card.id, { pin: '0481', notes: details.notes, phone: details.phone }),
        [other.id]: plainRecord(other.id, { notes: 'spare' }),
      },
    });
  });

  it('that cannot be opened are listed, and block a first PIN, which changes nothing', async () => {
    const damaged = JSON.stringify({
      type: 'UNENCRYPTED',
      details: { [card.id]: { id: card.id, data: { pin: 1234 }, modifiedAt: 1 } },
    });
    localStorage.setItem('sleeve/details', damaged);
    await startApp();
    await expect.poll(() => [...detailsState.unreadable]).toEqual([card.id]);
    const before = [localStorage.getItem('sleeve/cards'), localStorage.getItem('sleeve/auth')];
    await expect(createPin(PIN)).rejects.toThrow(DetailsMessages.unreadableBlocks);
    expect([localStorage.getItem('sleeve/cards'), localStorage.getItem('sleeve/auth')]).toEqual(before);
    expect(localStorage.getItem('sleeve/details')).toBe(damaged);
  });
});
