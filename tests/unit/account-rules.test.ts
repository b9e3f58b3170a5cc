// The account forms' rules (spec §5) and failure texts (spec §8): which fields a form marks, the optional
// phone, the final password rule against the live one, and which message a failed call shows.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/api-error.ts';
import { finishFailure, forgotFailure, loginFailure, registerFailure, TEXT } from '../../src/api/account-errors.ts';
import { checkFinish, checkLogin, checkPasswords, checkRegister } from '../../src/features/popups/account-rules.ts';
import {
  EMAIL,
  FINISH_NAMES,
  PASSWORD,
  PASSWORD_NEEDED,
  PASSWORDS_DIFFER,
  REPEAT_NEEDED,
  passwordHints,
} from '../../common/input-rules.ts';

const good = {
  full_name: 'Иванова Анна',
  email: 'anna@example.ru',
  phone: '+7(___)-___-__-__',
  password_one: 'Secret123',
  password_two: 'Secret123',
};

describe('registration rules', () => {
  it('passes right values; the phone is optional (an empty mask is no phone)', () => {
    expect(checkRegister(good)).toEqual({});
    expect(checkRegister({ ...good, phone: '' })).toEqual({});
    expect(checkRegister({ ...good, phone: '+7(925)-123-45-67' })).toEqual({});
  });
  it('marks every failing field at once', () => {
    expect(
      Object.keys(
        checkRegister({ full_name: 'Анна', email: 'anna@', phone: '+7(925)-12_-__-__', password_one: 'short', password_two: '' }),
      ).sort(),
    ).toEqual(['email', 'full_name', 'password_one', 'password_two', 'phone']);
  });
});

describe('password rules', () => {
  it('live hints accept a Cyrillic capital; the final rule wants a Latin one', () => {
    expect(passwordHints('Пароль12')).toEqual({ length: true, capital: true, digit: true });
    expect(checkPasswords('Пароль12', 'Пароль12')).toEqual({ password_one: PASSWORD.message });
    expect(checkPasswords('Parol123', 'Parol123')).toEqual({});
  });
  it('wants both fields and equal ones', () => {
    expect(checkPasswords('', '')).toEqual({ password_one: PASSWORD_NEEDED, password_two: REPEAT_NEEDED });
    expect(checkPasswords('Parol123', 'Parol124')).toEqual({ password_two: PASSWORDS_DIFFER });
  });
});

describe('login and finish-registration rules', () => {
  it('login wants an e-mail and a password', () => {
    expect(checkLogin({ email: 'ANNA@EXAMPLE.RU', password: 'x' })).toEqual({});
    expect(checkLogin({ email: 'anna', password: '' })).toEqual({ email: EMAIL.message, password: PASSWORD_NEEDED });
  });
  it('finish registration wants each name part longer than 2 characters', () => {
    const f = {
      email: 'a@example.ru',
      first_name: 'Анна',
      last_name: 'Ли',
      middle_name: 'Оля',
      password_one: 'Secret123',
      password_two: 'Secret123',
    };
    expect(checkFinish(f)).toEqual({ last_name: FINISH_NAMES.last_name.message });
  });
});

describe('failure texts (spec §8)', () => {
  const refused = (message?: string) => new ApiError(message ?? 'Ошибка сервера (400)', 400, message ? { message } : null);
  const offline = new ApiError('Нет связи с сервером', 0, new TypeError('Failed to fetch'));
  it('registration shows the server message, else the default', () => {
    expect(registerFailure(refused(TEXT.emailTaken))).toBe(TEXT.emailTaken);
    expect(registerFailure(refused())).toBe(TEXT.unknown);
  });
  it('login and forgot show their fixed texts whatever the server said', () => {
    expect(loginFailure(refused('Неверный пароль'))).toBe(TEXT.loginFailed);
    expect(forgotFailure(refused('Нет такого'))).toBe(TEXT.forgotFailed);
  });
  it('finish registration turns a message about the e-mail into the e-mail-exists text', () => {
    expect(finishFailure(refused('Эта почта занята'))).toBe(TEXT.emailTaken);
    expect(finishFailure(refused('Имя: больше 2 символов'))).toBe('Имя: больше 2 символов');
    expect(finishFailure(refused(EMAIL.message))).toBe(EMAIL.message);
  });
  it('a lost connection says so instead of blaming the input', () => {
    expect(loginFailure(offline)).toBe(TEXT.offline);
    expect(registerFailure(offline)).toBe(TEXT.offline);
  });
});
