// The profile form's rules (spec §5 applied to /profile): names, e-mail, an optional phone in the
// +7(###)-###-##-## mask, and an optional new password with its repeat. Pure: what is wrong, what is sent.
import type { ChangeInfoRequest, User } from '../../../common/contract/accounts.ts';
import {
  isEmail,
  isPhone,
  isStrongPassword,
  normalizeEmail,
  phoneDigits,
  phoneForServer,
  phoneIsEmpty,
} from '../../../common/validation.ts';

export interface ProfileForm {
  last_name: string;
  first_name: string;
  middle_name: string;
  email: string;
  phone: string;
  password_one: string;
  password_two: string;
}

export type ProfileErrors = Partial<Record<keyof ProfileForm, string>>;

/** "+79161112233" or "79161112233" -> "+7(916)-111-22-33"; anything else stays as it is. */
export function maskedPhone(stored: string): string {
  if (!isPhone(stored)) return stored;
  const d = phoneDigits(stored);
  return `+7(${d.slice(1, 4)})-${d.slice(4, 7)}-${d.slice(7, 9)}-${d.slice(9, 11)}`;
}

export function profileFormOf(user: User): ProfileForm {
  return {
    last_name: user.last_name,
    first_name: user.first_name,
    middle_name: user.second_name,
    email: user.email ?? '',
    phone: user.phone ? maskedPhone(user.phone) : '',
    password_one: '',
    password_two: '',
  };
}

export function checkProfile(f: ProfileForm): ProfileErrors {
  const e: ProfileErrors = {};
  if (!f.last_name.trim()) e.last_name = 'Укажите фамилию';
  if (!f.first_name.trim()) e.first_name = 'Укажите имя';
  if (!isEmail(f.email)) e.email = 'Укажите e-mail в формате name@example.ru';
  if (!phoneIsEmpty(f.phone) && !isPhone(f.phone)) e.phone = 'Введите номер полностью: +7(###)-###-##-##';
  if (f.password_one || f.password_two) {
    if (!isStrongPassword(f.password_one)) e.password_one = 'Минимум 8 символов, 1 заглавная латинская буква и 1 цифра';
    if (f.password_two !== f.password_one) e.password_two = 'Пароли не совпадают';
  }
  return e;
}

/** What PUT /v1/changeinfo/ gets: trimmed names, the e-mail lowercased, the phone's digits, a password only when set. */
export function profilePayload(f: ProfileForm): ChangeInfoRequest {
  return {
    last_name: f.last_name.trim(),
    first_name: f.first_name.trim(),
    middle_name: f.middle_name.trim(),
    email: normalizeEmail(f.email),
    phone: phoneIsEmpty(f.phone) ? '' : phoneForServer(f.phone),
    ...(f.password_one ? { password_one: f.password_one, password_two: f.password_two } : {}),
  };
}
