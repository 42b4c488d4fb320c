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
        // Card details are this app's data, not the browser's: no offers to remember or autofill them.
        autoComplete="off"
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
