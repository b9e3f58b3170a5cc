// The account rules the server checks itself (spec §5, §8): e-mail, full name, phone and password rules with
// their Russian refusals, the full name split into its parts, and a user as the app sees it (no hash ever).
import type { User } from '../../common/contract/accounts.ts';
import { isEmail, isFullName, isPhone, isStrongPassword, normalizeEmail, phoneDigits } from '../../common/validation.ts';
import { HttpError } from '../plugins/errors.ts';
import type { UserRow } from './users-sql.ts';

export const ACCOUNT_MESSAGES = {
  emailTaken: 'Данная почта уже зарегистрирована в системе',
  phoneTaken: 'Данный номер уже зарегистрирован в системе',
  loginFailed: 'Не удалось войти. Проверьте правильность вводимых логина и пароля',
  unknownUser: 'Не удалось Найти пользователя. Проверьте правильность вводимого логина',
  signInNeeded: 'Войдите в личный кабинет',
  badEmail: 'Введите корректный адрес электронной почты',
  fullName: 'Укажите фамилию и имя: минимум 2 слова',
  names: 'Укажите имя и фамилию',
  badPhone: 'Введите номер телефона полностью: +7(###)-###-##-##',
  weakPassword: 'Пароль должен содержать минимум 8 символов, 1 заглавную латинскую букву и 1 цифру',
  passwordsDiffer: 'Пароли не совпадают',
  loggedOut: 'Вы вышли из личного кабинета',
  currentPasswordNeeded: 'Введите текущий пароль, чтобы сменить пароль или e-mail',
  currentPasswordWrong: 'Текущий пароль введён неверно',
  noPasswordYet: 'У вашего аккаунта ещё нет пароля: задайте его по ссылке из письма (кнопка «Задать пароль»), затем меняйте e-mail',
} as const;

const refuse = (message: string): never => {
  throw new HttpError(400, message);
};

/** The e-mail as stored (lowercased), or a 400. */
export function checkedEmail(raw: string): string {
  const email = normalizeEmail(raw);
  if (!isEmail(email)) refuse(ACCOUNT_MESSAGES.badEmail);
  return email;
}

/** The phone as stored (digits, "79251234567"); null when none was typed; a 400 when it is incomplete. */
export function checkedPhone(raw: string | undefined): string | null {
  if (!raw || !phoneDigits(raw)) return null;
  if (!isPhone(raw)) refuse(ACCOUNT_MESSAGES.badPhone);
  return phoneDigits(raw);
}

/** The final password rule (Latin capital) and the repeat. */
export function checkNewPassword(one: string, two: string): void {
  if (!isStrongPassword(one)) refuse(ACCOUNT_MESSAGES.weakPassword);
  if (one !== two) refuse(ACCOUNT_MESSAGES.passwordsDiffer);
}

/** "Иванова Анна Сергеевна" -> surname first, then the first name, the rest is the middle name. */
export function splitFullName(raw: string): { last_name: string; first_name: string; second_name: string } {
  if (!isFullName(raw)) refuse(ACCOUNT_MESSAGES.fullName);
  const [last_name, first_name, ...rest] = raw.trim().split(/\s+/);
  return { last_name, first_name, second_name: rest.join(' ') };
}

/** "Иванова Анна Сергеевна": surname, first name, middle name, the empty ones left out. */
export const fullName = (u: Pick<UserRow, 'last_name' | 'first_name' | 'second_name'>) =>
  [u.last_name, u.first_name, u.second_name].filter(Boolean).join(' ');

export function userView(u: UserRow): User {
  return {
    email: u.email,
    phone: u.phone ? `+${u.phone}` : '',
    first_name: u.first_name,
    last_name: u.last_name,
    second_name: u.second_name,
    full_name: fullName(u),
    subscribed: u.subscribed,
    has_password: u.has_password,
    pending_email: u.pending_email,
  };
}

/** The signed-in user's id, or a 401 in Russian. */
export function signedInUser(req: { userId: number | null }): number {
  if (req.userId === null) throw new HttpError(401, ACCOUNT_MESSAGES.signInNeeded);
  return req.userId;
}
