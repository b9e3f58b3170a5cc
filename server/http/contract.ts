// Route helpers that hold requests and answers to the contract (common/contract.ts).
import type { Struct } from 'superstruct';
import { check } from '../../common/validate.ts';
import { HttpError } from '../plugins/errors.ts';

/** The value, coerced, when it fits the struct; otherwise a 400 with the Russian reason. */
export function parse<T, S>(value: unknown, struct: Struct<T, S>): T {
  const res = check(value, struct);
  if (!res.ok) throw new HttpError(400, res.message);
  return res.value;
}

/**
 * Checks an answer before it leaves: a shape that drifted from the contract is a server bug, so it fails
 * loudly in development and tests (500 with a log line), never silently.
 */
export function answer<T, S>(value: T, struct: Struct<T, S>): T {
  const res = check(value, struct);
  if (!res.ok) throw new Error(`response does not fit the contract: ${res.message}`);
  return res.value;
}
