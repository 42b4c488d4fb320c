/**
 * Sleeve could not start: what happened, in plain words, and what to try. Shown instead of a splash that would
 * otherwise stay forever; nothing stored has been changed by the failed start.
 */
import type { StartFailure } from '../state/store';
import '../styles/start-failure.css';

interface Explanation {
  title: string;
  what: string;
  tries: readonly string[];
}

const RELOAD = 'Reload the page.';

export const START_FAILURES: Record<StartFailure, Explanation> = {
  storage: {
    title: "Sleeve cannot use this browser's storage",
    what: 'Sleeve keeps your cards in the site data of this browser, and the browser refused to let it read or write there.',
    tries: [
      "Allow site data (cookies and site data) for this site in your browser's settings, then reload the page.",
      'In a private window some browsers limit or turn off site data: open Sleeve in a normal window.',
      'Extensions that block storage or cookies can do this too: allow this site in them.',
    ],
  },
  engine: {
    title: "Sleeve's encryption could not start",
    what: 'The part of Sleeve that opens and protects your cards could not be loaded. Your saved cards have not been changed.',
    tries: [
      RELOAD,
      'If you are offline, connect and reload: Sleeve may have been updated since it was last opened.',
      "Check that site data is allowed for this site in your browser's settings.",
    ],
  },
  load: {
    title: 'Part of Sleeve could not be loaded',
    what: 'A piece of the app did not arrive, often because the connection dropped or Sleeve was just updated. Your saved cards have not been changed.',
    tries: [RELOAD, 'If you are offline, connect and reload.'],
  },
  unexpected: {
    title: 'Sleeve could not start',
    what: 'Something went wrong while Sleeve was starting. Your saved cards have not been changed.',
    tries: [
      RELOAD,
      "Check that site data is allowed for this site in your browser's settings.",
      'In a private window some browsers limit site data: try a normal window.',
    ],
  },
};

export function StartFailureScreen({ reason }: { reason: StartFailure }) {
  const { title, what, tries } = START_FAILURES[reason];
  return (
    <main className="start-failure" aria-labelledby="start-failure-title">
      <h1 id="start-failure-title">{title}</h1>
      <p>{what}</p>
      <h2 className="start-failure-heading">What to try</h2>
      <ul className="start-failure-tries">
        {tries.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
      <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
        Reload
      </button>
    </main>
  );
}
