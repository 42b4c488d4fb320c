/**
 * Shown when a stored key cannot be read. The raw value stays where it is until the person chooses: they can
 * download it first, then start that part afresh.
 */
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { appState, discardAndStart, unreadableValue } from '../state/lifecycle';
import type { StorageProblem } from '../state/store';
import { showError } from '../state/toast';
import { documentTitleOf } from './screen-title';

const WHAT: Record<StorageProblem['name'], string> = {
  cards: 'your saved cards',
  details: "your cards' details (PINs, notes, the bank's number)",
  auth: 'your PIN and password records',
  preferences: 'your preferences',
  outbox: 'your changes waiting to sync',
  pinAttempts: 'your count of wrong PINs',
};

function download(problem: StorageProblem): void {
  const blob = new Blob([unreadableValue(problem.name)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `sleeve-${problem.name}-unreadable.json`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function StorageProblemScreen() {
  const { problems } = useSnapshot(appState);
  useEffect(() => {
    document.title = documentTitleOf('Data problem');
  }, []);
  return (
    <main className="storage-problem">
      <h1>Some saved data could not be read</h1>
      {problems.map((problem) => (
        <section key={problem.name} className="storage-problem-item" aria-label={`Unreadable ${WHAT[problem.name]}`}>
          <p>
            Sleeve could not read {WHAT[problem.name]} on this device: {problem.reason}. It has been kept exactly as it
            was, and nothing will be written over it until you choose.
          </p>
          <div className="button-row">
            <button type="button" className="button" onClick={() => download(problem)}>
              Download {WHAT[problem.name]}
            </button>
            <button
              type="button"
              className="button button-danger"
              onClick={() => discardAndStart(problem.name).catch(showError)}
            >
              Start fresh without {WHAT[problem.name]}
            </button>
          </div>
        </section>
      ))}
    </main>
  );
}
