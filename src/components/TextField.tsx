/**
 * A labelled text input with an optional hint, and an error or a warning (a doubt that does not block saving), each
 * linked through aria-describedby.
 */
import type { HTMLAttributes } from 'react';

export interface TextFieldProps {
  id: string;
  name: string;
  label: string;
  value: string;
  onValue: (typed: string) => void;
  error?: string | undefined;
  warning?: string | undefined;
  hint?: string;
  maxLength?: number;
  placeholder?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  /** What the browser may fill in; off unless a field says what it holds. */
  autoComplete?: string;
}

export function TextField({
  id,
  name,
  label,
  value,
  onValue,
  error,
  warning,
  hint,
  maxLength,
  placeholder,
  inputMode,
  autoComplete = 'off',
}: TextFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const warningId = `${id}-warning`;
  const describedBy = [hint && hintId, error && errorId, warning && warningId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <div className="field-head">
        <label className="field-label" htmlFor={id}>
          {label}
        </label>
        {hint && (
          <span id={hintId} className="field-hint">
            {hint}
          </span>
        )}
      </div>
      <input
        id={id}
        name={name}
        className="field-input"
        type="text"
        value={value}
        autoComplete={autoComplete}
        spellCheck={false}
        inputMode={inputMode}
        maxLength={maxLength}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onValue(event.target.value)}
      />
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
      {warning && (
        <p id={warningId} className="field-warning">
          {warning}
        </p>
      )}
    </div>
  );
}
