/**
 * A seeded operation-sequence fuzz of the real state layer: two tabs of one device (each a same-origin document with
 * its own state modules, engine worker and Firebase client, sharing localStorage, Web Locks, `storage` events and the
 * Firebase sign-in with the other), the local backend as the server, and a second device that writes the account's
 * `{uid}/cards` on the server directly (copies of cards already there: it needs no key). Random actions, some of them
 * at the same moment in both tabs: add, edit, delete, create/remove PIN, lock/unlock, sign in/out, offline/online,
 * reload, and the other device's adds, edits and deletions.
 *
 * Checked at every write to storage (the page hears each tab's write as a `storage` event): no plain card is stored
 * beside a PIN or password record. Checked once things settle (online, every locked tab unlocked): every card a tab
 * saved (and the person was told so) is stored (signed out) or on the server (signed in), unless deleted later;
 * each tab shows exactly what storage (signed in: the server) holds, and both tabs show the same cards.
 *
 * A few sequences per run from a fixed base seed (printed on failure, with the actions and each tab's state);
 * `VITE_SLEEVE_FUZZ_RUNS=n` runs more, `VITE_SLEEVE_FUZZ_SEED=s` replays from base seed s and
 * `VITE_SLEEVE_FUZZ_SEED=random` draws a new one (the browser sees only `VITE_` settings). Failing seeds go to
 * REGRESSION_SEEDS.
 */
import { signOut as firebaseSignOut } from 'firebase/auth';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { CardData, PlainCard } from '../../src/domain/card';
import { auth as pageAuth } from '../../src/remote/firebase';
import { CHANGED_ELSEWHERE } from '../../src/state/device-records';
import type {} from '../support/provided-context';
import { baseSeed, makeCard, mulberry32, pick, type Random, randomInt } from '../support/seeded';

type AppModule = typeof import('../../src/state/lifecycle');
type CardsModule = typeof import('../../src/state/cards');
/** The PIN and password actions, and locking. */
type SecretsModule = typeof import('../../src/state/secrets') & typeof import('../../src/state/lock');
type StoreModule = typeof import('../../src/state/store');
/** Signing in and leaving. */
type AccountModule = typeof import('../../src/state/sign-in') & typeof import('../../src/state/leave');
type FirebaseModule = typeof import('../../src/remote/firebase');
type GateModule = typeof import('../../src/state/gate');
type GoogleModule = typeof import('../support/google');
type DatabaseSdk = typeof import('firebase/database');

// ---------------------------------------------------------------------------------------------------------------------
// Settings

const fuzzEnv = import.meta.env as Record<string, string | undefined>;
const setting = (name: string): string | undefined => fuzzEnv[name] ?? fuzzEnv[`VITE_${name}`];
const DEFAULT_RUNS = 10;
const RUNS = Math.max(1, Number(setting('SLEEVE_FUZZ_RUNS') ?? DEFAULT_RUNS) || DEFAULT_RUNS);
const BASE_SEED = baseSeed(setting('SLEEVE_FUZZ_SEED'), 1_630_492_815);
const MAX_ACTIONS = 12;

/** Seeds that once failed; each must pass. */
const REGRESSION_SEEDS: readonly number[] = [
  // A tab following another tab's sign-in asked its own Firebase, which had not read the shared session yet, and
  // cleared the account off the device.
  1275554474, 1275554492,
  // A tab that locked only as it followed the last change was left locked when the check began. Later, rarely: a tab
  // following the other's sign-in began its session on the earlier sequence's account, which its Firebase still held.
  720264867,
  // A change that left the outbox after another device deleted its card went on showing the card.
  519832993,
  // Signing in and out at once in one tab while the other waited to hear of the sign-in left the other loading.
  1186933055,
  // A PIN changed as the check began: the other tab's unlock is refused once, then succeeds.
  240527831,
  // A PIN created and removed at once in the other tab: the check began while this tab still followed the removal.
  378175533,
];

const PIN = '274951';
const PASSWORD = 'Account password 1!';
/** How long one action may take before it counts as hanging (sign-in derives and talks to the server). */
const ACTION_LIMIT_MS = 10_000;
/** How long things may take to settle after the last action. */
const SETTLE_MS = 8_000;

const STORAGE = { cards: 'sleeve/cards', auth: 'sleeve/auth', outbox: 'sleeve/outbox' } as const;

// ---------------------------------------------------------------------------------------------------------------------
// Tabs

interface FuzzTab {
  name: string;
  app: AppModule;
  cards: CardsModule;
  secrets: SecretsModule;
  store: StoreModule;
  account: AccountModule;
  gate: GateModule;
  remote: FirebaseModule;
  google: GoogleModule;
  sdk: DatabaseSdk;
  close(): void;
}

interface TabWindow extends Window {
  sleeveFuzzTab?: Omit<FuzzTab, 'name' | 'close'>;
}

/** The URL the app's own Firebase module imports the database SDK from, so a tab can load that same module. */
let sdkUrl: string | undefined;
async function databaseSdkUrl(): Promise<string> {
  if (sdkUrl) return sdkUrl;
  const source = await (await fetch('/src/remote/firebase.ts')).text();
  const found = source.match(/from\s+["']([^"']*firebase_database[^"']*)["']/)?.[1];
  if (!found) throw new Error('Could not find the database SDK the app imports');
  sdkUrl = found;
  return found;
}

let opened = 0;
const frames = new Set<HTMLIFrameElement>();

/**
 * Opens a tab and starts the app in it, as a page load would. `offline`: its database client is taken offline before
 * the app starts, as on a device without a connection.
 */
async function openFuzzTab(name: string, offline: boolean): Promise<FuzzTab> {
  const id = `sleeve-fuzz-tab-${++opened}`;
  const frame = document.createElement('iframe');
  frame.title = id;
  frame.srcdoc = `<!doctype html><script type="module">
    // The test runner's hooks, which modules transformed for the test page (dynamic imports) call.
    window.__vitest_browser_runner__ = parent.__vitest_browser_runner__;
    const [app, cards, secretActions, store, signIn, remote, google, sdk, gate, lock, leave] = await Promise.all([
      import('/src/state/lifecycle.ts'), import('/src/state/cards.ts'), import('/src/state/secrets.ts'),
      import('/src/state/store.ts'), import('/src/state/sign-in.ts'), import('/src/remote/firebase.ts'),
      import('/tests/support/google.ts'), import(${JSON.stringify(await databaseSdkUrl())}),
      import('/src/state/gate.ts'), import('/src/state/lock.ts'), import('/src/state/leave.ts'),
    ]);
    const secrets = { ...secretActions, ...lock };
    const account = { ...signIn, ...leave };
    if (${offline}) sdk.goOffline(remote.database);
    window.sleeveFuzzTab = { app, cards, secrets, store, account, remote, google, sdk, gate };
    await app.startApp();
    parent.postMessage(${JSON.stringify(id)}, '*');
  </script>`;
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start`)), ACTION_LIMIT_MS);
    const listen = (event: MessageEvent) => {
      if (event.data !== id) return;
      window.removeEventListener('message', listen);
      clearTimeout(timer);
      resolve();
    };
    window.addEventListener('message', listen);
  });
  document.body.append(frame);
  frames.add(frame);
  await ready;
  const modules = (frame.contentWindow as TabWindow).sleeveFuzzTab;
  if (!modules) throw new Error(`${name} did not start`);
  return {
    name,
    ...modules,
    close: () => {
      frames.delete(frame);
      frame.remove();
    },
  };
}

afterAll(async () => {
  for (const frame of frames) frame.remove();
  // The tabs' Firebase session is this origin's, which later test files share.
  await firebaseSignOut(pageAuth).catch(() => {});
  localStorage.clear();
});

// ---------------------------------------------------------------------------------------------------------------------
// What is stored, on this device and on the server

interface Stored {
  type: string;
  cards: Record<string, { id: string; modifiedAt: number; data: Record<string, unknown> }>;
}
const storedCards = (): Stored =>
  JSON.parse(localStorage.getItem(STORAGE.cards) ?? '{"type":"UNENCRYPTED","cards":{}}');
const storedAuth = (): { password: unknown; pin: unknown } =>
  JSON.parse(localStorage.getItem(STORAGE.auth) ?? '{"password":null,"pin":null}');
const storedOutbox = (): { cards: Record<string, unknown> } =>
  JSON.parse(localStorage.getItem(STORAGE.outbox) ?? '{"uid":null,"cards":{}}');

type ServerCard = { id: string; modifiedAt: number; data: { cipherText: string; iv: string } };

/** The account's cards as the server holds them: only this account's, never other tests' accounts beside it. */
async function serverCards(uid: string): Promise<Record<string, ServerCard>> {
  if (!uid) return {};
  const cards = await (await fetch(new URL(`${uid}/cards`, inject('databaseDumpUrl')))).json();
  return (cards ?? {}) as Record<string, ServerCard>;
}

/** Writes on the server as another device of the account would (rules aside: it holds no sign-in here). */
async function writeOnServer(path: string, value: unknown): Promise<void> {
  const response = await fetch(new URL(path, inject('databaseDumpUrl')), {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(value),
  });
  if (!response.ok) throw new Error(`Could not write ${path}: ${await response.text()}`);
}

/** The stored-protection rule, checked on every write any tab makes (DESIGN.md invariant 7). */
function protectionProblem(): string | null {
  const cards = storedCards();
  const auth = storedAuth();
  const hasCards = Object.keys(cards.cards).length > 0;
  const hasSecret = auth.password != null || auth.pin != null;
  if (hasCards && cards.type === 'UNENCRYPTED' && hasSecret) return 'plain cards are stored beside a PIN or password';
  if (hasCards && cards.type === 'ENCRYPTED' && !hasSecret) return 'encrypted cards are stored with no PIN or password';
  return null;
}

// ---------------------------------------------------------------------------------------------------------------------
// One sequence

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
type ActionKind = (typeof ACTIONS)[number];
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

function chooseAction(random: Random): ActionKind {
  const total = Object.values(WEIGHTS).reduce((sum, weight) => sum + weight, 0);
  let roll = random() * total;
  for (const kind of ACTIONS) {
    roll -= WEIGHTS[kind];
    if (roll < 0) return kind;
  }
  return 'add';
}

/** A save the person was told succeeded: where the card must be found at the end. */
interface Saved {
  id: string;
  cardholder: string;
  place: 'device' | 'account';
  /** When the save started and when it was acknowledged. */
  at: number;
  end: number;
  by: string;
}

class Sequence {
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
    const app = tab.store.appState;
    const ready = app.phase === 'ready';
    const open = ready && !app.locked;
    const shown = tab.store.cardsState.cards;
    const signedIn = tab.store.session() !== null;
    const pickShown = (): PlainCard | undefined => (shown.length > 0 ? pick(this.random, shown) : undefined);
    switch (kind) {
      case 'add': {
        if (!open) return null;
        const data = this.cardData();
        return async () => {
          const at = Date.now();
          const id = await tab.cards.saveCard({ data });
          const end = Date.now();
          this.remember({
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
        const data = { ...card.data, cardholder: this.cardData().cardholder };
        return async () => {
          const at = Date.now();
          await tab.cards.saveCard({ id: card.id, data });
          const end = Date.now();
          const place = signedIn ? 'account' : 'device';
          this.remember({ id: card.id, cardholder: data.cardholder, place, at, end, by: tab.name });
          return card.id;
        };
      }
      case 'delete': {
        const card = pickShown();
        if (!open || !card) return null;
        this.touch(card.id);
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
        if (!open || app.user || !this.online) return null;
        return async () => {
          const uid = await tab.google.googleSignIn(this.sub);
          const step = await tab.account.continueSignIn();
          if (step === 'CREATE_PASSWORD') {
            // A PIN guards the key the password is to wrap: the Account screen asks for it first.
            tab.gate.gateFor(() => undefined, { forNewSecret: true });
            if (app.pinCreated) await tab.secrets.verifyPin(PIN);
            await tab.account.createAccountPassword(PASSWORD);
          } else await tab.account.enterAccountPassword(PASSWORD);
          this.uid = uid;
          // The device's own cards went up to the account with the sign-in.
          for (const saved of this.saved.values()) if (saved.place === 'device') saved.place = 'account';
          return step;
        };
      case 'signOut':
        if (!ready || !app.user) return null;
        return async () => {
          // Signing out takes the device's data with it, changes still waiting included (SPEC.md §4): wait for them.
          const until = Date.now() + 3_000;
          while (Object.keys(storedOutbox().cards).length > 0 && Date.now() < until) await pause(50);
          // Still waiting (offline): the sign-out dialog says these changes are lost, and the person goes ahead.
          for (const id of Object.keys(storedOutbox().cards)) this.saved.delete(id);
          await tab.account.signOut();
        };
      default:
        return null;
    }
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
    for (const tab of this.tabs) {
      if (online) tab.sdk.goOnline(tab.remote.database);
      else tab.sdk.goOffline(tab.remote.database);
    }
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
  async problem(): Promise<string | null> {
    if (this.violations.length > 0) return `Stored unprotected: ${this.violations[0]}`;
    const stored = storedCards();
    const auth = storedAuth();
    const signedIn = auth.password != null;
    const server = signedIn || this.uid ? await serverCards(this.uid ?? '') : {};
    const waiting = Object.keys(storedOutbox().cards);
    if (signedIn && waiting.length > 0) return `changes still waiting: ${waiting.join(', ')}`;
    const holds = signedIn ? server : stored.cards;
    const expected = Object.keys(holds).sort().join(' ');
    const views: string[] = [];
    for (const tab of this.tabs) {
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
    for (const saved of this.saved.values()) {
      const later = this.touched.get(saved.id);
      if (later !== undefined && later >= saved.at) continue;
      const where = saved.place === 'account' ? server : signedIn ? null : stored.cards;
      if (!where) continue;
      if (!where[saved.id])
        return `${saved.id} (saved in ${saved.by}) is missing from ${saved.place === 'account' ? 'the server' : 'storage'}`;
      const card = this.tabs[0]!.store.cardsState.cards.find((shown) => shown.id === saved.id);
      if (where === holds && card && card.data.cardholder !== saved.cardholder && !this.raced(saved))
        return `${saved.id} shows ${card.data.cardholder}, but ${saved.cardholder} was saved last (in ${saved.by})`;
    }
    return null;
  }

  describe(): string {
    const lines = [...this.log];
    lines.push(`stored: ${localStorage.getItem(STORAGE.cards)}`);
    lines.push(`auth: ${localStorage.getItem(STORAGE.auth)?.slice(0, 160)}`);
    lines.push(`outbox: ${localStorage.getItem(STORAGE.outbox)?.slice(0, 300)}`);
    for (const tab of this.tabs) {
      const app = tab.store.appState;
      lines.push(
        `${tab.name}: ${app.phase}${app.locked ? ' locked' : ''}` +
          `${app.user ? ` signed in${app.user.uid === this.uid ? '' : ` as ${app.user.uid}, not ${this.uid}`}` : ''}` +
          `${app.pinCreated ? ' pin' : ''}${app.passwordCreated ? ' password' : ''}, shows ` +
          `[${tab.store.cardsState.cards.map((card) => `${card.id}@${card.modifiedAt}`).join(' ')}], waiting ${tab.store.cardsState.waiting}` +
          `, cannot open [${tab.store.cardsState.unreadable.map((card) => card.id).join(' ')}]`,
      );
    }
    return lines.map((line) => `  ${line}`).join('\n');
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `work`, or a failure when it takes longer than any action should. */
function withLimit<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Hangs: ${what} took over ${ACTION_LIMIT_MS} ms`)), ACTION_LIMIT_MS);
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

async function runSeed(seed: number): Promise<void> {
  const sequence = new Sequence(seed);
  try {
    await sequence.start();
    await sequence.run();
    await sequence.settle();
  } catch (error) {
    throw new Error(
      `seed ${seed} (base seed ${BASE_SEED}) fails: ${(error as Error).message}\n${sequence.describe()}\n` +
        'Replay it with VITE_SLEEVE_FUZZ_SEED and VITE_SLEEVE_FUZZ_RUNS=1, then pin it in REGRESSION_SEEDS.',
      { cause: error },
    );
  } finally {
    sequence.stop();
  }
}

describe('state layer fuzz in real tabs, against the local backend', () => {
  it(
    `runs ${RUNS} random sequences from base seed ${BASE_SEED}; every one settles with its invariants held`,
    async () => {
      const started = Date.now();
      let ran = 0;
      for (let index = 0; index < RUNS; index++) {
        await runSeed((BASE_SEED + index) >>> 0);
        ran += 1;
      }
      expect(ran).toBe(RUNS);
      console.info(`tab fuzz: ${RUNS} sequences from base seed ${BASE_SEED} in ${Math.round(Date.now() - started)} ms`);
    },
    30_000 + RUNS * 40_000,
  );

  for (const seed of REGRESSION_SEEDS) {
    it(`regression seed ${seed}`, () => runSeed(seed), 60_000);
  }
});
