/**
 * Every change of the page's address, without a render: the router (wouter) patches pushState and replaceState to
 * send window events of those names, and the browser sends popstate. For what only needs to act on a change, where
 * reading the address in a render (useLocation) would re-render on each one: a re-render in the task that commits a
 * new screen makes React run all of that screen's effects in the same task (src/app/unlocked-address.ts).
 */
const ADDRESS_EVENTS = ['popstate', 'pushState', 'replaceState'] as const;

/** Calls `changed` after each change of address; returns the function that stops. */
export function onAddressChange(changed: () => void): () => void {
  for (const name of ADDRESS_EVENTS) addEventListener(name, changed);
  return () => {
    for (const name of ADDRESS_EVENTS) removeEventListener(name, changed);
  };
}
