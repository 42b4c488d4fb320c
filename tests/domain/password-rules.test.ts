import { describe, expect, it } from 'vitest';
import {
  checkNewPassword,
  confirmMessage,
  isLongEnough,
  PASSWORD_REQUIREMENTS,
  PasswordMessages,
  passwordLength,
} from '../../src/domain/password-rules';

const met = (password: string) =>
  Object.fromEntries(checkNewPassword(password).requirements.map(({ id, met }) => [id, met]));

describe('the requirement list', () => {
  it('has the five requirements of SPEC.md §5, in order, with their exact labels', () => {
    expect(PASSWORD_REQUIREMENTS.map((requirement) => requirement.label)).toEqual([
      '12 characters or more',
      'at least 1 uppercase letter',
      'at least 1 lowercase letter',
      'at least 1 number',
      'at least 1 special character',
    ]);
  });

  it('marks nothing met for an empty password', () => {
    const check = checkNewPassword('');
    expect(check.requirements.every((requirement) => !requirement.met)).toBe(true);
    expect(check.strong).toBe(false);
    expect(check.hasSpaces).toBe(false);
  });

  it('checks each requirement on its own', () => {
    expect(met('abcdefghijkl')).toEqual({
      length: true,
      uppercase: false,
      lowercase: true,
      number: false,
      special: false,
    });
    expect(met('A')).toMatchObject({ length: false, uppercase: true, lowercase: false });
    expect(met('7')).toMatchObject({ number: true, special: false });
    expect(met('#')).toMatchObject({ special: true, number: false });
  });

  it('is strong only when all five hold', () => {
    expect(checkNewPassword('Correct-Horse-9').strong).toBe(true);
    expect(checkNewPassword('Correct-Horse').strong).toBe(false);
    expect(checkNewPassword('correct-horse-9').strong).toBe(false);
    expect(checkNewPassword('CORRECT-HORSE-9').strong).toBe(false);
    expect(checkNewPassword('CorrectHorse99').strong).toBe(false);
    expect(checkNewPassword('Cor-Horse-9').strong).toBe(false);
  });
});

describe('length', () => {
  it('needs 12 characters: 11 is too few', () => {
    expect(isLongEnough('a'.repeat(11))).toBe(false);
    expect(isLongEnough('a'.repeat(12))).toBe(true);
  });

  it('counts an emoji as one character, not two UTF-16 units', () => {
    const sixEmoji = '😀🔐💳🌍🎉🚀';
    expect(sixEmoji.length).toBe(12);
    expect(passwordLength(sixEmoji)).toBe(6);
    expect(isLongEnough(sixEmoji)).toBe(false);
  });
});

describe('Unicode', () => {
  it('treats accented letters as letters of their case, not as special characters', () => {
    expect(met('é')).toMatchObject({ lowercase: true, uppercase: false, special: false });
    expect(met('É')).toMatchObject({ uppercase: true, lowercase: false, special: false });
    expect(met('ß')).toMatchObject({ lowercase: true, special: false });
    // 'e' followed by a combining acute accent is one letter on screen.
    expect(met('e\u0301')).toMatchObject({ lowercase: true, special: false });
  });

  it('counts symbols, emoji and spaces as special characters', () => {
    for (const special of ['€', '😀', ' ', '-', '_', '¿']) expect(met(special).special, special).toBe(true);
  });

  it('counts any decimal digit as a number, but not fractions or superscripts', () => {
    expect(met('٧').number).toBe(true);
    expect(met('½').number).toBe(false);
    expect(met('²').number).toBe(false);
  });

  it('accepts an accented password with an emoji as strong', () => {
    expect(checkNewPassword('Élan vital 7 é').strong).toBe(true);
    expect(checkNewPassword('Ünïcödé2024😀').strong).toBe(true);
  });

  it('does not count uncased scripts as either case', () => {
    expect(met('密码密码密码密码密码密码')).toEqual({
      length: true,
      uppercase: false,
      lowercase: false,
      number: false,
      special: false,
    });
  });
});

describe('spaces', () => {
  it('warns about spaces, including no-break spaces', () => {
    expect(checkNewPassword('has a space').hasSpaces).toBe(true);
    expect(checkNewPassword('no\u00a0break').hasSpaces).toBe(true);
    expect(checkNewPassword('tab\there').hasSpaces).toBe(true);
    expect(checkNewPassword('NoSpaces-Here1').hasSpaces).toBe(false);
  });

  it('allows a strong password with spaces', () => {
    const check = checkNewPassword('Correct Horse 9');
    expect(check.strong).toBe(true);
    expect(check.hasSpaces).toBe(true);
  });
});

describe('messages', () => {
  it('are the exact texts of SPEC.md §5 and §8', () => {
    expect(PasswordMessages).toEqual({
      hasSpaces: 'Entered password includes space(s), which is allowed',
      strong: 'Entered password is strong and secure against brute-force attacks',
      mismatch: 'Passwords do not match',
      match: 'Passwords match',
      equalToCurrent: 'Entered password is equal to current password',
      incorrect: 'Entered password is incorrect',
    });
  });

  it('says nothing about an empty confirmation, then whether it matches exactly', () => {
    expect(confirmMessage('Correct-Horse-9', '')).toBe('');
    expect(confirmMessage('Correct-Horse-9', 'Correct-Horse')).toBe('Passwords do not match');
    expect(confirmMessage('Correct-Horse-9', 'correct-horse-9')).toBe('Passwords do not match');
    expect(confirmMessage('Correct-Horse-9', 'Correct-Horse-9')).toBe('Passwords match');
  });
});
