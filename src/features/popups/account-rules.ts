// The account forms' rules of spec §5 as Russian hints per field: a form with any hint sends nothing.
import { isEmail, isFullName, isNamePart, isPhone, isStrongPassword, phoneIsEmpty } from '../../../common/validation.ts';

export type Hints<K extends string> = Partial<Record<K, string>>;

export const HINT = {
  email: 'Укажите e-mail в виде name@example.ru',
  fullName: 'Укажите фамилию, имя и отчество (минимум 2 слова)',
  phone: 'Укажите номер телефона полностью или оставьте поле пустым',
  password: 'Введите пароль',
  weakPassword: 'Пароль: минимум 8 символов, 1 заглавная латинская буква и 1 цифра',
  repeat: 'Повторите пароль',
  mismatch: 'Пароли не совпадают',
  firstName: 'Имя: больше 2 символов',
  lastName: 'Фамилия: больше 2 символов',
  middleName: 'Отчество: больше 2 символов',
} as const;

export type PasswordKey = 'password_one' | 'password_two';

/** Password and repeat: non-empty, the final rule (Latin capital), and equal. */
export function checkPasswords(one: string, two: string): Hints<PasswordKey> {
  const h: Hints<PasswordKey> = {};
  if (!one) h.password_one = HINT.password;
  else if (!isStrongPassword(one)) h.password_one = HINT.weakPassword;
  if (!two) h.password_two = HINT.repeat;
  else if (two !== one) h.password_two = HINT.mismatch;
  return h;
}

type RegisterFields = Record<'full_name' | 'email' | 'phone' | PasswordKey, string>;

export function checkRegister(f: RegisterFields): Hints<keyof RegisterFields> {
  const h: Hints<keyof RegisterFields> = checkPasswords(f.password_one, f.password_two);
  if (!isFullName(f.full_name)) h.full_name = HINT.fullName;
  if (!isEmail(f.email)) h.email = HINT.email;
  // Optional; when typed, all of +7(###)-###-##-## (the mask's complete value) is needed.
  if (!phoneIsEmpty(f.phone) && !isPhone(f.phone)) h.phone = HINT.phone;
  return h;
}

export function checkLogin(f: { email: string; password: string }): Hints<'email' | 'password'> {
  const h: Hints<'email' | 'password'> = {};
  if (!isEmail(f.email)) h.email = HINT.email;
  if (!f.password) h.password = HINT.password;
  return h;
}

export function checkForgot(email: string): Hints<'email'> {
  return isEmail(email) ? {} : { email: HINT.email };
}

type FinishFields = Record<'email' | 'first_name' | 'last_name' | 'middle_name' | PasswordKey, string>;

export function checkFinish(f: FinishFields): Hints<keyof FinishFields> {
  const h: Hints<keyof FinishFields> = checkPasswords(f.password_one, f.password_two);
  if (!isEmail(f.email)) h.email = HINT.email;
  if (!isNamePart(f.first_name)) h.first_name = HINT.firstName;
  if (!isNamePart(f.last_name)) h.last_name = HINT.lastName;
  if (!isNamePart(f.middle_name)) h.middle_name = HINT.middleName;
  return h;
}

export const hasHints = (h: object) => Object.keys(h).length > 0;
