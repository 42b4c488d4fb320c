/**
 * The second entry of a new secret, which must match the first: flagged and said so while it differs, and said to
 * match once it does. Shared by the new-password and backup-passphrase forms, each with its own words; the form
 * keeps the entry with useConfirmation, so it can tell whether the two match and clear the second.
 */
import type { Ref } from 'react';
import { useId, useState } from 'react';
import { type ConfirmTexts, confirmMessage } from '../../domain/password-rules';
import { FieldMessage } from './FieldMessage';
import { PasswordInput } from './PasswordInput';

export interface Confirmation {
  /** The first entry, which this one must repeat. */
  secret: string;
  value: string;
  setValue: (typed: string) => void;
  matches: boolean;
}

export function useConfirmation(secret: string): Confirmation {
  const [value, setValue] = useState('');
  return { secret, value, setValue, matches: value === secret };
}

/** The field's name for password managers, its label and the words under it. */
export interface ConfirmFieldTexts extends ConfirmTexts {
  name: string;
  label: string;
  toggleLabel: string;
}

export interface ConfirmFieldProps {
  confirmation: Confirmation;
  texts: ConfirmFieldTexts;
  disabled: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

export function ConfirmField({ confirmation, texts, disabled, inputRef }: ConfirmFieldProps) {
  const { secret, value, setValue, matches } = confirmation;
  const id = useId();
  const message = confirmMessage(secret, value, texts);
  return (
    <PasswordInput
      id={id}
      name={texts.name}
      label={texts.label}
      toggleLabel={texts.toggleLabel}
      value={value}
      onValue={setValue}
      autoComplete="new-password"
      disabled={disabled}
      invalid={value !== '' && !matches}
      describedBy={`${id}-message`}
      inputRef={inputRef}
    >
      <div id={`${id}-message`} className="field-messages" aria-live="polite">
        {message && <FieldMessage tone={matches ? 'success' : 'error'}>{message}</FieldMessage>}
      </div>
    </PasswordInput>
  );
}
