// The account forms' rules of spec §5 (common/input-rules.ts: the server refuses with the same words) as
// Russian hints per field: a form with any hint sends nothing.
import {
  EMAIL,
  FINISH_NAMES,
  FULL_NAME,
  OPTIONAL_PHONE,
  PASSWORD,
  PASSWORD_NEEDED,
  REPEAT_NEEDED,
  failing,
  onlyFailed,
  repeatFailing,
} from '../../../common/input-rules.ts';

export type Hints<K extends string> = Partial<Record<K, string>>;

export type PasswordKey = 'password_one' | 'password_two';

/** Password and repeat: non-empty, the final rule (Latin capital), and equal. */
export function checkPasswords(one: string, two: string): Hints<PasswordKey> {
  const h: Hints<PasswordKey> = {};
  h.password_one = one ? failing(PASSWORD, one) : PASSWORD_NEEDED;
  h.password_two = two ? repeatFailing(one, two) : REPEAT_NEEDED;
  return onlyFailed(h);
}

type RegisterFields = Record<'full_name' | 'email' | 'phone' | PasswordKey, string>;

export function checkRegister(f: RegisterFields): Hints<keyof RegisterFields> {
  return onlyFailed({
    ...checkPasswords(f.password_one, f.password_two),
    full_name: failing(FULL_NAME, f.full_name),
    email: failing(EMAIL, f.email),
    // Optional; when typed, all of +7(###)-###-##-## (the mask's complete value) is needed.
    phone: failing(OPTIONAL_PHONE, f.phone),
  });
}

export function checkLogin(f: { email: string; password: string }): Hints<'email' | 'password'> {
  return onlyFailed({ email: failing(EMAIL, f.email), password: f.password ? undefined : PASSWORD_NEEDED });
}

export function checkForgot(email: string): Hints<'email'> {
  return onlyFailed({ email: failing(EMAIL, email) });
}

type FinishFields = Record<'email' | 'first_name' | 'last_name' | 'middle_name' | PasswordKey, string>;

export function checkFinish(f: FinishFields): Hints<keyof FinishFields> {
  return onlyFailed({
    ...checkPasswords(f.password_one, f.password_two),
    email: failing(EMAIL, f.email),
    first_name: failing(FINISH_NAMES.first_name, f.first_name),
    last_name: failing(FINISH_NAMES.last_name, f.last_name),
    middle_name: failing(FINISH_NAMES.middle_name, f.middle_name),
  });
}

export const hasHints = (h: object) => Object.keys(h).length > 0;
