/**
 * The rules for a new password and the messages around them (SPEC.md §5, Password). Pure, so the requirement list
 * on screen and the tests read the same checks.
 *
 * What counts as what, decided for Unicode (a person may type any script, accents or emoji):
 * - Length counts code points, so '😀' is one character, not the two UTF-16 units JavaScript's `length` sees.
 * - Uppercase and lowercase are Unicode letter categories: 'É' is uppercase, 'é' and 'ß' are lowercase. Letters of
 *   scripts without case (e.g. '密') are letters, but neither upper- nor lowercase.
 * - A number is any decimal digit (Unicode Nd): '7' and the Arabic-Indic '٧' count, '½' and '²' do not.
 * - Special is everything else that is not a letter, a combining mark (part of a letter, as in 'e' + '́') or a
 *   decimal digit: punctuation, symbols such as '€', emoji, and spaces. Spaces count because they widen the
 *   search space like any symbol (OWASP lists the space first among special characters); the person is still
 *   told that the password has one, in case it was typed by accident.
 */
import { Messages } from './errors';
import { isLongEnough } from './secret';

export { isLongEnough, MIN_PASSWORD_LENGTH, passwordLength } from './secret';

export type RequirementId = 'length' | 'uppercase' | 'lowercase' | 'number' | 'special';

export interface Requirement {
  id: RequirementId;
  /** The text of the live requirement list, exactly as SPEC.md §5 quotes it. */
  label: string;
  holds(password: string): boolean;
}

const UPPERCASE = /[\p{Lu}\p{Lt}]/u;
const LOWERCASE = /\p{Ll}/u;
const DIGIT = /\p{Nd}/u;
const SPECIAL = /[^\p{L}\p{M}\p{Nd}]/u;
const WHITESPACE = /\s/u;

export const PASSWORD_REQUIREMENTS: readonly Requirement[] = [
  { id: 'length', label: '12 characters or more', holds: isLongEnough },
  { id: 'uppercase', label: 'at least 1 uppercase letter', holds: (password) => UPPERCASE.test(password) },
  { id: 'lowercase', label: 'at least 1 lowercase letter', holds: (password) => LOWERCASE.test(password) },
  { id: 'number', label: 'at least 1 number', holds: (password) => DIGIT.test(password) },
  { id: 'special', label: 'at least 1 special character', holds: (password) => SPECIAL.test(password) },
];

export const PasswordMessages = {
  hasSpaces: 'Entered password includes space(s), which is allowed',
  strong: 'Entered password is strong and secure against brute-force attacks',
  mismatch: 'Passwords do not match',
  match: 'Passwords match',
  equalToCurrent: 'Entered password is equal to current password',
  incorrect: Messages.passwordIncorrect,
} as const;

export interface RequirementResult {
  id: RequirementId;
  label: string;
  met: boolean;
}

export interface PasswordCheck {
  /** Every requirement, in the order the list shows them, with whether it holds. */
  requirements: readonly RequirementResult[];
  /** All requirements hold: the message 'strong' shows and submit is allowed. */
  strong: boolean;
  /** Any whitespace, including no-break and other Unicode spaces that are easy to paste unseen. */
  hasSpaces: boolean;
}

export function checkNewPassword(password: string): PasswordCheck {
  const requirements = PASSWORD_REQUIREMENTS.map(({ id, label, holds }) => ({ id, label, met: holds(password) }));
  return {
    requirements,
    strong: requirements.every((requirement) => requirement.met),
    hasSpaces: WHITESPACE.test(password),
  };
}

/** What a confirm field says, in its form's words: a password's by default, a backup passphrase's its own. */
export interface ConfirmTexts {
  match: string;
  mismatch: string;
}

/** The confirm field's message: nothing until something is typed, then whether the two are the same. */
export function confirmMessage(password: string, confirmation: string, texts: ConfirmTexts = PasswordMessages): string {
  if (confirmation === '') return '';
  return confirmation === password ? texts.match : texts.mismatch;
}
