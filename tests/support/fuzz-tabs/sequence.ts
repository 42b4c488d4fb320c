/**
 * One fuzz sequence: two tabs of one device, the account's other device writing on the server, random actions (some
 * at the same moment in both tabs), then settling: online, everything answered, every locked tab unlocked, until
 * the checks hold (checks.ts) or time runs out. Every choice comes from the seed.
 */
import { signOut as firebaseSignOut } from 'firebase/auth';
import type { CardData } from '../../../src/domain/card';
import { auth as pageAuth } from '../../../src/remote/firebase';
import { CHANGED_ELSEWHERE } from '../../../src/state/device-records';
import { makeCard, mulberry32, pick, type Random, randomInt } from '../seeded';
import { type ActionKind, actionFor, chooseAction } from './actions';
import { describeSequence, problemOf } from './checks';
import { protectionProblem, STORAGE, serverCards, storedOutbox, writeOnServer } from './stored';
import { type FuzzTab, openFuzzTab, PASSWORD, PIN, pause, withLimit } from './tabs';

const MAX_ACTIONS = 12;
/** How long things may take to settle after the last action. */
const SETTLE_MS = 8_000;

/** A save the person was told succeeded: where the card must be found at the end. */
export interface Saved {
  id: string;
  cardholder: string;
  place: 'device' | 'account';
  /** When the save started and when it was acknowledged. */
  at: number;
  end: number;
  by: string;
}

export class Sequence {
  readonly random: Random;
  tabs: FuzzTab[] = [];
  online = true;
  uid: string | null = null;
  readonly sub = `fuzz-${crypto.randomUUID()}`;
  readonly log: string[] = [];
  readonly saved = new Map<string, Saved>();
  readonly saves: Saved[] = [];
  /** When each card was last deleted or overwritten by something else than a tab's acknowledged save. */
  readonly touched = new Map<string, number>();
  readonly violations: string[] = [];
  private counter = 0;
  private readonly watch = () => {
    const problem = protectionProblem();
    if (problem) this.violations.push(`${problem}: ${localStorage.getItem(STORAGE.auth)}`);
  };

  constructor(readonly seed: number) {
    this.random = mulberry32(seed);
  }

  note(line: string): void {
    this.log.push(`${Math.round(Date.now()) % 100_000} ${line}`);
  }

  async start(): Promise<void> {
    for (const tab of this.tabs) tab.close();
    localStorage.clear();
    await firebaseSignOut(pageAuth).catch(() => {});
    window.addEventListener('storage', this.watch);
    this.tabs = [await openFuzzTab('T1', false), await openFuzzTab('T2', false)];
  }

  stop(): void {
    window.removeEventListener('storage', this.watch);
    for (const tab of this.tabs) tab.close();
  }

  touch(id: string): void {
    this.touched.set(id, Date.now());
  }

  cardData(): CardData {
    this.counter += 1;
    return { ...makeCard(this.random).data, cardholder: `Fuzz ${this.seed % 10_000} ${this.counter}` };
  }

  /** One action of `kind` in `tab`, or `null` when the tab cannot take it now (as a screen would not offer it). */
  action(kind: ActionKind, tab: FuzzTab): (() => Promise<unknown>) | null {
    return actionFor(this, kind, tab);
  }

  /** The latest save of each card; saves of one card that overlapped in time may land in either order. */
  remember(saved: Saved): void {
    this.saves.push(saved);
    const before = this.saved.get(saved.id);
    if (!before || before.at <= saved.at) this.saved.set(saved.id, saved);
  }

  raced(saved: Saved): boolean {
    return this.saves.some(
      (other) => other !== saved && other.id === saved.id && other.end >= saved.at && other.at <= saved.end,
    );
  }

  async setOnline(online: boolean): Promise<void> {
    this.online = online;
    // After a short connection the client would try long-polling first, which the local server does not answer.
    if (online) localStorage.removeItem('firebase:previous_websocket_failure');
    await Promise.all(this.tabs.map((tab) => tab.database.holdOffline(!online)));
  }

  /** The other device: copies a card already on the server (it holds no key) to a new id or over another card, or deletes one. */
  async otherDevice(): Promise<string | null> {
    const uid = this.uid;
    if (!uid) return null;
    const cards = Object.values(await serverCards(uid));
    const source = cards.length > 0 ? pick(this.random, cards) : undefined;
    const roll = randomInt(this.random, 3);
    if (!source) return null;
    if (roll === 0) {
      this.touch(source.id);
      await writeOnServer(`${uid}/cards/${source.id}`, null);
      return `deletes ${source.id}`;
    }
    const target = roll === 1 ? pick(this.random, cards).id : `Other${String(++this.counter).padStart(3, '0')}`;
    this.touch(target);
    await writeOnServer(`${uid}/cards/${target}`, { ...source, id: target, modifiedAt: Date.now() });
    return `copies ${source.id} to ${target}`;
  }

  async run(): Promise<void> {
    const count = 4 + randomInt(this.random, MAX_ACTIONS - 3);
    for (let step = 0; step < count; step++) {
      const kind = chooseAction(this.random);
      const index = randomInt(this.random, this.tabs.length);
      const tab = this.tabs[index]!;
      if (kind === 'network') {
        this.note(`device goes ${this.online ? 'offline' : 'online'}`);
        await this.setOnline(!this.online);
        continue;
      }
      if (kind === 'reload') {
        this.note(`${tab.name} reloads`);
        tab.close();
        this.tabs[index] = await openFuzzTab(tab.name, !this.online);
        continue;
      }
      if (kind === 'otherDevice') {
        const what = await this.otherDevice();
        if (what) this.note(`other device ${what}`);
        continue;
      }
      // Sometimes the other tab acts at the same moment.
      const together: [FuzzTab, ActionKind][] = [[tab, kind]];
      if (this.random() < 0.35) {
        const other = this.tabs[1 - index]!;
        const second = chooseAction(this.random);
        if (second !== 'network' && second !== 'reload' && second !== 'otherDevice' && second !== 'signIn')
          together.push([other, second]);
      }
      const runs = together
        .map(([who, what]) => ({ who, what, work: this.action(what, who) }))
        .filter((run): run is { who: FuzzTab; what: ActionKind; work: () => Promise<unknown> } => run.work !== null);
      if (runs.length === 0) continue;
      const results = await Promise.allSettled(runs.map((run) => withLimit(run.work(), `${run.who.name} ${run.what}`)));
      results.forEach((result, at) => {
        const { who, what } = runs[at]!;
        const outcome =
          result.status === 'fulfilled'
            ? `ok${result.value === undefined ? '' : ` ${String(result.value)}`}`
            : `refused: ${(result.reason as Error)?.message ?? result.reason}`;
        this.note(`${who.name} ${what}${runs.length > 1 ? ' (together)' : ''}: ${outcome}`);
        if (result.status === 'rejected' && String((result.reason as Error)?.message).startsWith('Hangs:'))
          throw result.reason;
      });
      if (this.violations.length > 0) throw new Error(`Stored unprotected: ${this.violations[0]}`);
    }
  }

  /** Online, everything answered, every locked tab unlocked; then the invariants, given time to converge. */
  async settle(): Promise<void> {
    this.note('settling');
    if (!this.online) await this.setOnline(true);
    const until = Date.now() + SETTLE_MS;
    const quiet = () =>
      Object.keys(storedOutbox().cards).length === 0 &&
      this.tabs.every((tab) => tab.store.cardsState.waiting === 0 && tab.store.appState.phase !== 'loading');
    while (!quiet() && Date.now() < until) await pause(50);
    let problem: string | null = null;
    do {
      // A tab may lock only now, as it follows the last change of the other (a sign-in, a new PIN).
      await this.unlockLocked();
      problem = await this.problem();
      if (!problem) return;
      await pause(100);
    } while (Date.now() < until);
    throw new Error(problem);
  }

  /**
   * Unlocks every tab that is locked now, as the person would to look at their cards; each once it has followed
   * every change of the other tab heard so far (a lock it is about to lift is no lock to unlock).
   */
  async unlockLocked(): Promise<void> {
    for (const tab of this.tabs) {
      await tab.store.memoryOf('tabs').following;
      const app = tab.store.appState;
      if (app.phase !== 'ready' || !app.locked) continue;
      const unlock = app.pinCreated ? tab.secrets.unlockWithPin(PIN) : tab.secrets.unlockWithPassword(PASSWORD);
      await withLimit(unlock, `${tab.name} unlock`).then(
        () => this.note(`${tab.name} unlocks to check`),
        (error: unknown) => {
          // The other tab replaced the record during the derivation (a PIN changed as the check began): the person
          // is told so and tries again, as this loop does on its next round.
          if ((error as Error).message === CHANGED_ELSEWHERE) return this.note(`${tab.name} unlock: changed elsewhere`);
          throw new Error(`${tab.name} cannot be unlocked: ${(error as Error).message}`);
        },
      );
    }
  }

  /** What is wrong now, or `null`. */
  problem(): Promise<string | null> {
    return problemOf(this);
  }

  describe(): string {
    return describeSequence(this);
  }
}
