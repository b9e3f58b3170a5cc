// Holds a request's query or body to its contract struct (common/contract.ts): the coerced value, or a 400.
import type { Struct } from 'superstruct';
import { check } from '../../common/validate.ts';
import { Refusal } from '../refusal.ts';

/** The value, coerced, when it fits the struct; otherwise a 400 with the Russian reason. */
export function parse<T, S>(value: unknown, struct: Struct<T, S>): T {
  const res = check(value, struct);
  if (!res.ok) throw new Refusal('invalid', res.message);
  return res.value;
}
