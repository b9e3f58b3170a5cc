// Checks a value against a contract struct and, when it does not fit, says why in Russian: the server's
// 400 message and the app's log line both come from here.
import { StructError, create, refine, type Struct } from 'superstruct';

const EXPLAINED = 'explained';

/**
 * A rule whose failure the shopper reads as it is: when `test` fails, `message` becomes the 400's text
 * instead of the generic "wrong value of field" (e.g. a basket quantity below 1).
 */
export const explained = <T, S>(struct: Struct<T, S>, test: (value: T) => boolean, message: string): Struct<T, S> =>
  refine(struct, EXPLAINED, (value) => test(value) || message);

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

export function check<T, S>(value: unknown, struct: Struct<T, S>): Checked<T> {
  try {
    return { ok: true, value: create(value, struct) };
  } catch (err) {
    if (err instanceof StructError) return { ok: false, message: describe(err) };
    throw err;
  }
}

/** "Не заполнено поле «email»" / "Неверное значение поля «limit»" / "Неверный формат данных". */
export function describe(err: StructError): string {
  const failure = err.failures()[0] ?? err;
  if (failure.refinement === EXPLAINED) return failure.message;
  const field = failure.path.filter((p) => typeof p === 'string').join('.');
  if (!field) return 'Неверный формат данных запроса';
  if (failure.value === undefined) return `Не заполнено поле «${field}»`;
  return `Неверное значение поля «${field}»`;
}
