/**
 * What a change of screen shows at the moment the address changes, for the tests of screens arriving as transitions
 * (src/app/unlocked-address.ts).
 */

/**
 * The screen titles showing now (each screen's one h1). A screen whose update is waiting on a script stays in the
 * page but hidden, behind its spinner, so only the titles one can see count.
 */
export const titles = (container: HTMLElement): string[] =>
  Array.from(container.querySelectorAll('h1'))
    .filter((heading) => heading.checkVisibility())
    .map((heading) => heading.textContent ?? '');

/**
 * What `read` finds at each change of address `act` makes by a push, read after the change's own microtasks (a
 * render React does at once has happened by then).
 */
export async function atEachPush<T>(read: () => T, act: () => Promise<void>): Promise<T[]> {
  const seen: T[] = [];
  const check = () => queueMicrotask(() => seen.push(read()));
  addEventListener('pushState', check);
  try {
    await act();
  } finally {
    removeEventListener('pushState', check);
  }
  return seen;
}

/**
 * What `read` finds at each change of address the browser's back or forward makes during `act`. Registered after
 * the router's own listener, whose render happens before this one runs.
 */
export async function atEachPop<T>(read: () => T, act: () => Promise<void>): Promise<T[]> {
  const seen: T[] = [];
  const check = () => seen.push(read());
  addEventListener('popstate', check);
  try {
    await act();
  } finally {
    removeEventListener('popstate', check);
  }
  return seen;
}

/** What `read` finds at each push `act` makes (as `atEachPush`), and whether a busy indicator ever showed meanwhile. */
export async function atEachPushWithoutSpinner<T>(
  container: HTMLElement,
  read: () => T,
  act: () => Promise<void>,
): Promise<{ atPush: T[]; spinner: boolean }> {
  let spinner = false;
  const observer = new MutationObserver(() => {
    spinner ||= container.querySelector('.spinner') !== null;
  });
  observer.observe(container, { childList: true, subtree: true });
  try {
    return { atPush: await atEachPush(read, act), spinner };
  } finally {
    observer.disconnect();
  }
}
