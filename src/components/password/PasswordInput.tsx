/**
 * A labelled password input with a show/hide toggle. The toggle keeps one name and reports its state through
 * aria-pressed, so a screen reader says 'Show password, toggle button, pressed' rather than a name that flips.
 */
import type { ReactNode, Ref } from 'react';
import { useState } from 'react';
import { Icon } from '../Icons';

export interface PasswordInputProps {
  id: string;
  name: string;
  label: string;
  value: string;
  onValue: (typed: string) => void;
  /** Tells password managers whether to offer a saved password or to save a new one. */
  autoComplete: 'new-password' | 'current-password';
  disabled?: boolean;
  invalid?: boolean;
  /** Ids of the texts that describe the input: requirements, messages. */
  describedBy?: string | undefined;
  /** The toggle's accessible name; screens with two fields give each its own. */
  toggleLabel?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** Shown under the input, e.g. the field's own message. */
  children?: ReactNode;
}

export function PasswordInput({
  id,
  name,
  label,
  value,
  onValue,
  autoComplete,
  disabled = false,
  invalid = false,
  describedBy,
  toggleLabel = 'Show password',
  inputRef,
  children,
}: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className="password-input">
        <input
          ref={inputRef}
          id={id}
          name={name}
          className="field-input"
          type={visible ? 'text' : 'password'}
          value={value}
          autoComplete={autoComplete}
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          disabled={disabled}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={describedBy || undefined}
          onChange={(event) => onValue(event.target.value)}
        />
        <button
          type="button"
          className="icon-button password-toggle"
          aria-label={toggleLabel}
          aria-pressed={visible}
          aria-controls={id}
          disabled={disabled}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      </div>
      {children}
    </div>
  );
}

const EyeIcon = () => (
  <Icon name="eye">
    <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
    <circle cx="12" cy="12" r="3" />
  </Icon>
);

const EyeOffIcon = () => (
  <Icon name="eye-off">
    <path d="M10.6 5.1A9.8 9.8 0 0 1 12 5c6.5 0 10 7 10 7a17 17 0 0 1-2.2 3.1M6.6 6.6C3.7 8.4 2 12 2 12s3.5 7 10 7c1.9 0 3.5-.6 4.9-1.4" />
    <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2M2 2l20 20" />
  </Icon>
);
