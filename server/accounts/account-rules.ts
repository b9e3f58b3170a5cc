// The account rules as the server applies them (spec §5, §8): the input rules of common/input-rules.ts, with
// the same Russian refusals the page's forms show, turned into what is stored (the e-mail lowercased, the
// phone's digits, the full name split into its parts); the profile's names, which depend on whether the
// registration is being finished; and a user as the app sees it (no hash ever).
import type { User } from '../../common/contract/accounts.ts';
import {
  EMAIL,
  FINISH_NAMES,
  FULL_NAME,
  OPTIONAL_PHONE,
  PASSWORD,
  PROFILE_NAMES,
  phoneDigits,
  phoneIsEmpty,
  normalizeEmail,
  repeatFailing,
  type Rule,
} from '../../common/input-rules.ts';
import { Refusal } from '../refusal.ts';
import type { UserRow } from './users-sql.ts';

export const ACCOUNT_MESSAGES = {
  emailTaken: 'Данная почта уже зарегистрирована в системе',
  phoneTaken: 'Данный номер уже зарегистрирован в системе',
  loginFailed: 'Не удалось войти. Проверьте правильность вводимых логина и пароля',
  unknownUser: 'Не удалось Найти пользователя. Проверьте правильность вводимого логина',
  signInNeeded: 'Войдите в личный кабинет',
  loggedOut: 'Вы вышли из личного кабинета',
  currentPasswordNeeded: 'Введите текущий пароль, чтобы сменить пароль или e-mail',
  currentPasswordWrong: 'Текущий пароль введён неверно',
  noPasswordYet: 'У вашего аккаунта ещё нет пароля: задайте его по ссылке из письма (кнопка «Задать пароль»), затем меняйте e-mail',
} as const;

const refuse = (message: string): never => {
  throw new Refusal('invalid', message);
};

/** Refuses with the rule's own message when the value fails it. */
const hold = (rule: Rule, raw: string): void => {
  if (!rule.test(raw)) refuse(rule.message);
};

/** The e-mail as stored (lowercased), or a 400. */
export function checkedEmail(raw: string): string {
  hold(EMAIL, raw);
  return normalizeEmail(raw);
}

/** The phone as stored (digits, "79251234567"); null when none was typed (an empty mask too); a 400 when it is incomplete. */
export function checkedPhone(raw: string | undefined): string | null {
  if (!raw || phoneIsEmpty(raw)) return null;
  hold(OPTIONAL_PHONE, raw);
  return phoneDigits(raw);
}

/** The final password rule (Latin capital) and the repeat. */
export function checkNewPassword(one: string, two: string): void {
  hold(PASSWORD, one);
  const differs = repeatFailing(one, two);
  if (differs) refuse(differs);
}

/** "Иванова Анна Сергеевна" -> surname first, then the first name, the rest is the middle name. */
export function splitFullName(raw: string): { last_name: string; first_name: string; second_name: string } {
  hold(FULL_NAME, raw);
  const [last_name, first_name, ...rest] = raw.trim().split(/\s+/);
  return { last_name, first_name, second_name: rest.join(' ') };
}

/**
 * The profile's names, trimmed: finishing a registration needs each part longer than 2 characters (the
 * popup's rule), the profile page the surname and the first name.
 */
export function checkedNames(
  input: { first_name: string; last_name: string; middle_name: string },
  finishing: boolean,
): { first_name: string; last_name: string; second_name: string } {
  const rules: Partial<Record<keyof typeof input, Rule>> = finishing ? FINISH_NAMES : PROFILE_NAMES;
  for (const field of ['last_name', 'first_name', 'middle_name'] as const) {
    const rule = rules[field];
    if (rule) hold(rule, input[field]);
  }
  return { first_name: input.first_name.trim(), last_name: input.last_name.trim(), second_name: input.middle_name.trim() };
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
  if (req.userId === null) throw new Refusal('unauthenticated', ACCOUNT_MESSAGES.signInNeeded);
  return req.userId;
}
