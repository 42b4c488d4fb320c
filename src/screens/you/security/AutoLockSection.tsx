/**
 * Security → Auto-lock: how long Sleeve waits without activity before it locks itself, and 'Lock now'. Locking needs
 * a PIN or password; without one the setting is kept for when one exists.
 */
import type { ChangeEvent } from 'react';
import { useId } from 'react';
import { useSnapshot } from 'valtio';
import { LockNowButton } from '../../../components/LockNowButton';
import type { LockAfterMinutes } from '../../../domain/preferences';
import { LOCK_AFTER_MINUTES } from '../../../domain/preferences';
import { preferencesState, setLockAfterMinutes } from '../../../state/preferences';
import { appState } from '../../../state/store';

const NEVER = 'never';

const minutesLabel = (minutes: number): string =>
  minutes === 60 ? '1 hour' : `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;

export function AutoLockSection() {
  const { pinCreated, passwordCreated } = useSnapshot(appState);
  const { lockAfterMinutes } = useSnapshot(preferencesState).security;
  const headingId = useId();
  const selectId = useId();
  const hintId = useId();
  const hasSecret = pinCreated || passwordCreated;

  const choose = (event: ChangeEvent<HTMLSelectElement>) => {
    const chosen = event.target.value;
    void setLockAfterMinutes(chosen === NEVER ? null : (Number(chosen) as LockAfterMinutes));
  };

  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="settings-heading">
        Auto-lock
      </h2>
      <div className="field">
        <label className="field-label" htmlFor={selectId}>
          Lock after
        </label>
        <select
          id={selectId}
          className="field-input"
          aria-describedby={hintId}
          value={lockAfterMinutes === null ? NEVER : String(lockAfterMinutes)}
          onChange={choose}
        >
          {LOCK_AFTER_MINUTES.map((minutes) => (
            <option key={minutes} value={String(minutes)}>
              {minutesLabel(minutes)}
            </option>
          ))}
          <option value={NEVER}>Never</option>
        </select>
        <p id={hintId} className="field-hint">
          {hasSecret
            ? 'Sleeve locks itself after this long without a tap, click, key press or scroll, time in another tab included.'
            : 'Sleeve can lock itself once a PIN or password protects your cards.'}
        </p>
      </div>
      {hasSecret && <LockNowButton className="button button-block" />}
    </section>
  );
}
