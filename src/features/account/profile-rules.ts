// The profile form's rules (spec §5 applied to /profile): names, e-mail, an optional phone in the
// +7(###)-###-##-## mask, an optional new password with its repeat, and the current password, needed when
// the password or the e-mail changes. Pure: what is wrong, what is sent.
import type { ChangeInfoRequest, User } from '../../../common/contract/accounts.ts';
import {
  EMAIL,
  OPTIONAL_PHONE,
  PASSWORD,
  PROFILE_NAMES,
  failing,
  isPhone,
  normalizeEmail,
  onlyFailed,
  phoneDigits,
  phoneForServer,
  phoneIsEmpty,
  repeatFailing,
} from '../../../common/input-rules.ts';

export interface ProfileForm {
  last_name: string;
  first_name: string;
  middle_name: string;
  email: string;
  phone: string;
  password_one: string;
  password_two: string;
  current_password: string;
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
    current_password: '',
  };
}

/** Whether saving the form changes what needs the current password: the password, or the e-mail. */
export const needsCurrentPassword = (f: ProfileForm, user: User): boolean =>
  !!(f.password_one || f.password_two) || (user.email !== null && normalizeEmail(f.email) !== user.email);

export function checkProfile(f: ProfileForm, user: User): ProfileErrors {
  const changesPassword = !!(f.password_one || f.password_two);
  const e: ProfileErrors = onlyFailed({
    last_name: failing(PROFILE_NAMES.last_name, f.last_name),
    first_name: failing(PROFILE_NAMES.first_name, f.first_name),
    email: failing(EMAIL, f.email),
    phone: failing(OPTIONAL_PHONE, f.phone),
    password_one: changesPassword ? failing(PASSWORD, f.password_one) : undefined,
    password_two: changesPassword ? repeatFailing(f.password_one, f.password_two) : undefined,
  });
  // Asked for once the e-mail itself is right (a wrong one is marked first).
  if (!e.email && user.has_password && needsCurrentPassword(f, user) && !f.current_password) e.current_password = 'Введите текущий пароль';
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
    ...(f.current_password ? { current_password: f.current_password } : {}),
  };
}
