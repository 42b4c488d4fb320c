/**
 * A labelled text input (or, given `rows`, a text area) with an optional hint, and an error or a warning (a doubt
 * that does not block saving), each linked through aria-describedby.
 */
import type { ChangeEvent, HTMLAttributes, ReactNode } from 'react';

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
  /** 'tel' brings up a phone keypad. Never 'url' or 'email': the form checks values itself, as the app's rules say. */
  type?: 'text' | 'tel';
  /** A text area of this many lines, for longer text. */
  rows?: number;
  /**
   * A secret drawn as dots while 'hidden', as a password field draws it. It stays a text field so that password
   * managers neither offer a saved password for it nor offer to save it as one.
   */
  secret?: 'hidden' | 'shown' | undefined;
  /** A control beside the input, such as a secret's Reveal button. */
  action?: ReactNode;
}

/** Tells the common password managers to leave a secret field alone (autocomplete 'off' alone does not). */
const IGNORED_BY_MANAGERS = { 'data-1p-ignore': 'true', 'data-lpignore': 'true', 'data-bwignore': 'true' } as const;

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
  type = 'text',
  rows,
  secret,
  action,
}: TextFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const warningId = `${id}-warning`;
  const describedBy = [hint && hintId, error && errorId, warning && warningId].filter(Boolean).join(' ') || undefined;
  const shared = {
    id,
    name,
    className: 'field-input',
    value,
    autoComplete,
    spellCheck: false,
    inputMode,
    maxLength,
    placeholder,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onValue(event.target.value),
    ...(secret && { ...IGNORED_BY_MANAGERS, 'data-secret': secret }),
  };
  const control = rows ? <textarea {...shared} rows={rows} /> : <input {...shared} type={type} />;
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
      {action ? (
        <div className="field-control">
          {control}
          {action}
        </div>
      ) : (
        control
      )}
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
