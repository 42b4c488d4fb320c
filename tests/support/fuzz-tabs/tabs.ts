/**
 * The tabs of the state-layer fuzz (tests/state/fuzz-tabs.test.ts): each a same-origin document with its own state
 * modules, engine worker and Firebase clients (its page's Auth, its database worker), sharing localStorage, Web Locks, `storage` events and the Firebase
 * sign-in with the other, as two tabs of one profile do. Also the limit any one action is held to.
 */

type AppModule = typeof import('../../../src/state/lifecycle');
type CardsModule = typeof import('../../../src/state/cards');
/** The PIN and password actions, and locking. */
type SecretsModule = typeof import('../../../src/state/secrets') &
  typeof import('../../../src/state/pin-changes') &
  typeof import('../../../src/state/lock');
type StoreModule = typeof import('../../../src/state/store');
/** Signing in and leaving. */
type AccountModule = typeof import('../../../src/state/sign-in') & typeof import('../../../src/state/leave');
type FirebaseModule = typeof import('../../../src/remote/firebase');
type GateModule = typeof import('../../../src/state/gate');
type GoogleModule = typeof import('../google');
type DatabaseClient = typeof import('../../../src/remote/database-client');

export const PIN = '274951';
export const PASSWORD = 'Account password 1!';
/** How long one action may take before it counts as hanging (sign-in derives and talks to the server). */
const ACTION_LIMIT_MS = 10_000;

export interface FuzzTab {
  name: string;
  app: AppModule;
  cards: CardsModule;
  secrets: SecretsModule;
  store: StoreModule;
  account: AccountModule;
  gate: GateModule;
  remote: FirebaseModule;
  google: GoogleModule;
  database: DatabaseClient;
  close(): void;
}

interface TabWindow extends Window {
  sleeveFuzzTab?: Omit<FuzzTab, 'name' | 'close'>;
}

let opened = 0;
const frames = new Set<HTMLIFrameElement>();

/**
 * Opens a tab and starts the app in it, as a page load would. `offline`: its database client is taken offline before
 * the app starts, as on a device without a connection.
 */
export async function openFuzzTab(name: string, offline: boolean): Promise<FuzzTab> {
  const id = `sleeve-fuzz-tab-${++opened}`;
  const frame = document.createElement('iframe');
  frame.title = id;
  frame.srcdoc = `<!doctype html><script type="module">
    // The test runner's hooks, which modules transformed for the test page (dynamic imports) call.
    window.__vitest_browser_runner__ = parent.__vitest_browser_runner__;
    const [app, cards, secretActions, pinChanges, store, signIn, remote, google, database, gate, lock, leave] = await Promise.all([
      import('/src/state/lifecycle.ts'), import('/src/state/cards.ts'), import('/src/state/secrets.ts'),
      import('/src/state/pin-changes.ts'),
      import('/src/state/store.ts'), import('/src/state/sign-in.ts'), import('/src/remote/firebase.ts'),
      import('/tests/support/google.ts'), import('/src/remote/database-client.ts'),
      import('/src/state/gate.ts'), import('/src/state/lock.ts'), import('/src/state/leave.ts'),
    ]);
    const secrets = { ...secretActions, ...pinChanges, ...lock };
    const account = { ...signIn, ...leave };
    if (${offline}) await database.holdOffline(true);
    window.sleeveFuzzTab = { app, cards, secrets, store, account, remote, google, database, gate };
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

/** Closes every tab still open (after the last sequence, or one that failed before it stopped). */
export function closeEveryTab(): void {
  for (const frame of frames) frame.remove();
  frames.clear();
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `work`, or a failure when it takes longer than any action should. */
export function withLimit<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Hangs: ${what} took over ${ACTION_LIMIT_MS} ms`)), ACTION_LIMIT_MS);
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}
