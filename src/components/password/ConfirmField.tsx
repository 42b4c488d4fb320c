/**
 * The second entry of a new secret, which must match the first: flagged and said so while it differs, and said to
 * match once it does. Shared by the new-password and backup-passphrase forms, each with its own words.
 */
import type { Ref } from 'react';
import { type ConfirmTexts, confirmMessage } from '../../domain/password-rules';
import { FieldMessage } from './FieldMessage';
import { PasswordInput } from './PasswordInput';

export interface ConfirmFieldProps {
  id: string;
  name: string;
  label: string;
  toggleLabel: string;
  /** The first entry, which this one must repeat. */
  secret: string;
  value: string;
  onValue: (typed: string) => void;
  texts: ConfirmTexts;
  disabled: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

export function ConfirmField({ secret, value, texts, ...input }: ConfirmFieldProps) {
  const matches = value === secret;
  const message = confirmMessage(secret, value, texts);
  const messageId = `${input.id}-message`;
  return (
    <PasswordInput
      {...input}
      value={value}
      autoComplete="new-password"
      invalid={value !== '' && !matches}
      describedBy={messageId}
    >
      <div id={messageId} className="field-messages" aria-live="polite">
        {message && <FieldMessage tone={matches ? 'success' : 'error'}>{message}</FieldMessage>}
      </div>
    </PasswordInput>
  );
}
