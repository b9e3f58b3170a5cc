// What an account form says when its call fails (spec §8), shared by the popups and the account pages:
// the server's message or the default text, the fixed texts of login and forgot, and a lost connection said
// as one (the data typed stays on the form and may be sent again).
import { EMAIL } from '../../common/input-rules.ts';
import { ApiError } from './api-error.ts';

export const TEXT = {
  unknown: 'Неизвестная ошибка, обратитесь в тех поддержку',
  emailTaken: 'Данная почта уже зарегистрирована в системе',
  loginFailed: 'Не удалось войти. Проверьте правильность вводимых логина и пароля',
  forgotFailed: 'Не удалось Найти пользователя. Проверьте правильность вводимого логина',
  offline: 'Нет связи с магазином. Проверьте подключение к интернету и попробуйте ещё раз.',
} as const;

/** The request never reached the shop (the fetch itself failed): saying "wrong password" would mislead. */
const isConnectionLost = (err: unknown) => err instanceof ApiError && err.status === 0 && err.body instanceof Error;

/** The `message` of the server's refusal (response.data.message, a 4xx), if it sent one; a 5xx gets the default text. */
export function serverMessage(err: unknown): string | null {
  if (!(err instanceof ApiError) || err.status < 400 || err.status >= 500) return null;
  const m = (err.body as { message?: unknown } | null | undefined)?.message;
  return typeof m === 'string' && m.trim() ? m : null;
}

/** Registration: the server's message, else the default. */
export const registerFailure = (err: unknown) => (isConnectionLost(err) ? TEXT.offline : (serverMessage(err) ?? TEXT.unknown));

export const loginFailure = (err: unknown) => (isConnectionLost(err) ? TEXT.offline : TEXT.loginFailed);

export const forgotFailure = (err: unknown) => (isConnectionLost(err) ? TEXT.offline : TEXT.forgotFailed);

/** Finish registration: a message about the e-mail is the e-mail-exists text; others as registration. */
export function finishFailure(err: unknown): string {
  if (isConnectionLost(err)) return TEXT.offline;
  const m = serverMessage(err);
  // The e-mail rule's own refusal (common/input-rules.ts) says what is wrong; any other mention is the taken e-mail.
  if (m && m !== EMAIL.message && /e-?mail|почт/i.test(m)) return TEXT.emailTaken;
  return m ?? TEXT.unknown;
}
