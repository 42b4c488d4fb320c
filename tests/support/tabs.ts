/**
 * Another tab of Sleeve, for browser tests: a same-origin document that loads the app's own state modules, so it has
 * its own store, its own engine worker and its own module variables, and shares with this page exactly what two tabs
 * of one profile share: localStorage, Web Locks and `storage` events. No React: tabs are driven through the state
 * layer's actions and read through its proxies, as the screens do.
 */
import { onTestFinished } from 'vitest';

type AppModule = typeof import('../../src/state/lifecycle');
type CardsModule = typeof import('../../src/state/cards');
type SecretsModule = typeof import('../../src/state/secrets') & typeof import('../../src/state/pin-changes');
type StoreModule = typeof import('../../src/state/store');
type EngineModule = typeof import('../../src/engine');
type GateModule = typeof import('../../src/state/gate');

export interface Tab {
  app: AppModule;
  cards: CardsModule;
  secrets: SecretsModule;
  store: StoreModule;
  engine: EngineModule;
  gate: GateModule;
  /** Ids of the cards this tab shows, sorted. */
  shownIds(): string[];
  close(): void;
}

interface TabWindow extends Window {
  sleeveTab?: Omit<Tab, 'shownIds' | 'close'>;
}

let opened = 0;

/** Opens a tab and starts the app in it, as a page load would; closed when the test finishes. */
export async function openTab(): Promise<Tab> {
  const name = `sleeve-tab-${++opened}`;
  const frame = document.createElement('iframe');
  frame.title = name;
  frame.srcdoc = `<!doctype html><script type="module">
    const [app, cards, unlocking, pinChanges, store, engine, gate] = await Promise.all([
      import('/src/state/lifecycle.ts'), import('/src/state/cards.ts'), import('/src/state/secrets.ts'),
      import('/src/state/pin-changes.ts'), import('/src/state/store.ts'), import('/src/engine/index.ts'),
      import('/src/state/gate.ts'),
    ]);
    const secrets = { ...unlocking, ...pinChanges };
    window.sleeveTab = { app, cards, secrets, store, engine, gate };
    await app.startApp();
    parent.postMessage(${JSON.stringify(name)}, '*');
  </script>`;
  const ready = new Promise<void>((resolve) => {
    const listen = (event: MessageEvent) => {
      if (event.data !== name) return;
      window.removeEventListener('message', listen);
      resolve();
    };
    window.addEventListener('message', listen);
  });
  document.body.append(frame);
  await ready;
  const modules = (frame.contentWindow as TabWindow).sleeveTab;
  if (!modules) throw new Error('The tab did not start');
  const close = () => frame.remove();
  onTestFinished(close);
  return {
    ...modules,
    shownIds: () => modules.store.cardsState.cards.map((card) => card.id).sort(),
    close,
  };
}

/** What `sleeve/cards` holds now. */
export function storedCards(): { type: string; cards: Record<string, { id: string; data: Record<string, unknown> }> } {
  return JSON.parse(localStorage.getItem('sleeve/cards') ?? '{"type":"UNENCRYPTED","cards":{}}');
}

export const storedIds = (): string[] => Object.keys(storedCards().cards).sort();
