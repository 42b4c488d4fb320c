/**
 * The outbox's sending against a fake server: what it sends, when, in what writes, and what it keeps when a write
 * fails. The storage, the lock and the engine are real; only the server is played by the test, so each answer
 * (landed, refused, lost on the way) can be given at will. The same module against the real backend is covered by
 * tests/state/sync-session.test.ts.
 */
import { beforeEach, describe, expect, test } from 'vitest';
import type { EncryptedCard, EncryptedCollection } from '../../src/domain/card';
import { emptyPlainCollection } from '../../src/domain/card';
import { SleeveError } from '../../src/domain/errors';
import type { OutboxEntry } from '../../src/domain/outbox';
import { getEngine } from '../../src/engine';
import type { ChangeServer } from '../../src/state/outbox-sender';
import { OutboxSender } from '../../src/state/outbox-sender';
import { resetDevice } from '../../src/state/store';
import { updateStorage } from '../../src/storage/local-storage';
import { makeCards } from '../support/seeded';

const UID = 'outbox-sender-test';

interface Write {
  changes: readonly OutboxEntry[];
  land(): void;
  fail(error: unknown): void;
}

/** A server that holds every write until the test answers it. */
class FakeServer implements ChangeServer {
  readonly writes: Write[] = [];
  sendChanges(_uid: string, changes: readonly OutboxEntry[]): Promise<void> {
    return new Promise((resolve, reject) => this.writes.push({ changes, land: resolve, fail: reject }));
  }
  refusedByServer(error: unknown): boolean {
    return error instanceof SleeveError;
  }
}

const REFUSED = new SleeveError('Failed to add or update card on server');
const LOST = new Error('the connection dropped before the write left');

let cards: EncryptedCard[] = [];
const storedOutbox = (): Record<string, unknown> =>
  (JSON.parse(localStorage.getItem('sleeve/outbox') ?? '{"cards":{}}') as { cards: Record<string, unknown> }).cards;
const empty: EncryptedCollection = { type: 'ENCRYPTED', cards: {} };

function sender(server: FakeServer) {
  const reported = { waiting: [] as number[], settled: 0, refused: [] as string[] };
  const outbox = new OutboxSender(server, UID, {
    waiting: (count) => reported.waiting.push(count),
    settled: () => {
      reported.settled += 1;
    },
    refused: (error) => reported.refused.push(error.message),
  });
  return { outbox, reported };
}

beforeEach(async () => {
  await resetDevice();
  // An account on this device: a password record (the outbox refuses changes without one) and a key to seal with.
  const engine = getEngine();
  const { record, collection } = await engine.createSecret('Outbox password 1!', emptyPlainCollection(), Date.now());
  await updateStorage(() => ({ auth: { password: record, pin: null, passkey: null }, cards: collection }));
  cards = [];
  for (const card of makeCards(41, 150)) cards.push((await engine.sealCard(card, 'ENCRYPTED')) as EncryptedCard);
});

describe('sending', () => {
  test('nothing leaves before the server has answered once and the connection is up; then all of it does', async () => {
    const server = new FakeServer();
    const { outbox, reported } = sender(server);
    await outbox.record(cards.slice(0, 3));
    expect(reported.waiting.at(-1)).toBe(3);
    outbox.setConnected(true);
    expect(server.writes).toHaveLength(0);
    outbox.heard(empty);
    expect(server.writes.map((write) => write.changes.length)).toEqual([3]);

    server.writes[0]?.land();
    await expect.poll(() => Object.keys(storedOutbox())).toEqual([]);
    // Reported once the stored outbox is read back after the write, which may be a moment after it is stored.
    await expect.poll(() => reported.waiting.at(-1)).toBe(0);
    expect(reported.settled).toBe(1);
    expect(reported.refused).toEqual([]);
  });

  test('a hundred and fifty changes go in two writes, of a hundred and of fifty', async () => {
    const server = new FakeServer();
    const { outbox } = sender(server);
    await outbox.record(cards);
    outbox.setConnected(true);
    outbox.heard(empty);
    expect(server.writes.map((write) => write.changes.length)).toEqual([100, 50]);
  });

  test('a change the server already holds leaves the outbox without being sent', async () => {
    const server = new FakeServer();
    const { outbox } = sender(server);
    const [card] = cards as [EncryptedCard];
    await outbox.record([card]);
    outbox.setConnected(true);
    outbox.heard({ type: 'ENCRYPTED', cards: { [card.id]: card } });
    await expect.poll(() => Object.keys(storedOutbox())).toEqual([]);
    expect(server.writes).toHaveLength(0);
  });
});

describe('when a write fails', () => {
  test('refused whole, the changes go again one by one: the one refused again is dropped and told, the rest land', async () => {
    const server = new FakeServer();
    const { outbox, reported } = sender(server);
    const four = cards.slice(0, 4);
    await outbox.record(four);
    outbox.setConnected(true);
    outbox.heard(empty);
    server.writes[0]?.fail(REFUSED);
    await expect.poll(() => server.writes.length).toBe(5);
    const [, ...singles] = server.writes;
    expect(singles.map((write) => write.changes.map((change) => change.id))).toEqual(four.map((card) => [card.id]));
    singles[0]?.fail(REFUSED);
    for (const write of singles.slice(1)) write.land();
    await expect.poll(() => Object.keys(storedOutbox())).toEqual([]);
    expect(reported.refused).toEqual([REFUSED.message]);
  });

  test('refused because the server holds a newer copy, the change is dropped and nothing is said', async () => {
    const server = new FakeServer();
    const { outbox, reported } = sender(server);
    const [card] = cards as [EncryptedCard];
    await outbox.record([card]);
    outbox.setConnected(true);
    outbox.heard(empty);
    // Another device saved the card later; the server shows its copy before it answers this write.
    const newer = { ...card, data: { ...card.data, iv: 'AAAAAAAAAAAAAAAA' }, modifiedAt: card.modifiedAt + 1 };
    outbox.heard({ type: 'ENCRYPTED', cards: { [card.id]: newer } });
    server.writes[0]?.fail(REFUSED);
    await expect.poll(() => Object.keys(storedOutbox())).toEqual([]);
    expect(reported.refused).toEqual([]);
  });

  test('a deletion refused because the server holds a card edited after it is dropped, and nothing is said', async () => {
    const server = new FakeServer();
    const { outbox, reported } = sender(server);
    const [card] = cards as [EncryptedCard];
    const deletion = { id: card.id, deleted: true as const, modifiedAt: card.modifiedAt + 1 };
    await outbox.record([deletion]);
    outbox.setConnected(true);
    outbox.heard({ type: 'ENCRYPTED', cards: { [card.id]: card } });
    expect(server.writes[0]?.changes).toEqual([deletion]);
    // Another device edited the card after the deletion; the server shows its copy before it refuses this write.
    outbox.heard({ type: 'ENCRYPTED', cards: { [card.id]: { ...card, modifiedAt: card.modifiedAt + 2 } } });
    server.writes[0]?.fail(new SleeveError('Failed to delete card from server'));
    await expect.poll(() => Object.keys(storedOutbox())).toEqual([]);
    expect(reported.refused).toEqual([]);
  });

  test('an edit the account deleted later is not sent, or if sent and refused, is dropped quietly', async () => {
    const server = new FakeServer();
    const { outbox, reported } = sender(server);
    const [early, late] = cards as [EncryptedCard, EncryptedCard];
    await outbox.record([early]);
    outbox.setConnected(true);
    // The server's first answer already holds the deletion: the edit leaves the outbox unsent.
    outbox.heard(empty, { [early.id]: early.modifiedAt + 1 });
    await expect.poll(() => Object.keys(storedOutbox())).toEqual([]);
    expect(server.writes).toHaveLength(0);
    // Sent before the deletion was heard, refused by the server, which shows the deletion before it answers.
    await outbox.record([late]);
    outbox.flush();
    expect(server.writes[0]?.changes).toEqual([late]);
    outbox.heard(empty, { [late.id]: late.modifiedAt });
    server.writes[0]?.fail(REFUSED);
    await expect.poll(() => Object.keys(storedOutbox())).toEqual([]);
    expect(reported.refused).toEqual([]);
  });

  test('lost before it left, every change stays waiting and goes again', async () => {
    const server = new FakeServer();
    const { outbox, reported } = sender(server);
    const two = cards.slice(0, 2);
    await outbox.record(two);
    outbox.setConnected(true);
    outbox.heard(empty);
    server.writes[0]?.fail(LOST);
    // The next flush (the retry's timer, or the connection coming back) sends them again, both still waiting.
    await expect
      .poll(() => {
        outbox.setConnected(true);
        return server.writes.map((write) => write.changes.length);
      })
      .toEqual([2, 2]);
    expect(Object.keys(storedOutbox()).sort()).toEqual(two.map((card) => card.id).sort());
    expect(reported.refused).toEqual([]);
    server.writes[1]?.land();
    await expect.poll(() => Object.keys(storedOutbox())).toEqual([]);
    outbox.dispose();
  });
});
