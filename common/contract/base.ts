// The contract's building blocks (docs/architecture.md "The contract"): the page size, query-string integers
// and JSON parameters, trimmed texts, e-mails, row ids, paged lists and the bodies every error and notice has.
import { PAGE_SIZE } from '../catalog-basics.ts';
import { jsonShapeProblem } from '../json-shape.ts';
import { explained } from '../validate.ts';
import { EMAIL, type Rule } from '../input-rules.ts';
import { array, coerce, defaulted, integer, min, max, object, size, string, trimmed, type, type Infer, type Struct } from 'superstruct';

export { PAGE_SIZE };

/** A query-string integer ("24" -> 24); anything else fails validation. */
export const queryInt = (lo: number, hi: number) =>
  coerce(min(max(integer(), hi), lo), string(), (v) => (/^-?\d+$/.test(v) ? Number(v) : v));

/**
 * A JSON object sent in a query parameter (the `data` filter of §7), parsed then validated; one nested
 * deeper or listing more than any filter does is left as text, which the struct refuses.
 */
export const jsonParam = <T, S>(struct: Struct<T, S>) =>
  coerce(struct, string(), (v) => {
    if (jsonShapeProblem(v)) return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return v; // left as a string, so the struct rejects it
    }
  });

export const text = (lo: number, hi: number) => size(trimmed(string()), lo, hi);

/** A text field held to an input rule (common/input-rules.ts): a value that fails it is a 400 with the rule's own message. */
export const ruled = (rule: Rule, hi: number) => explained(size(trimmed(string()), 0, hi), rule.test, rule.message);

/** An e-mail as every form types it (trimmed; its rule's message when it is not one). */
export const email = () => explained(size(trimmed(string()), 0, 254), EMAIL.test, EMAIL.message);
/** The largest row id (int4): a larger one is refused before any query. */
export const MAX_ID = 2_147_483_647;
/** A row id: a positive int4 (a larger number is a 400, never a failed query). */
export const id = () => min(max(integer(), MAX_ID), 1);

export const Paged = <T, S>(item: Struct<T, S>) => type({ count: min(integer(), 0), results: array(item) });
export type Paged<T> = { count: number; results: T[] };

export const PageQuery = object({
  limit: defaulted(queryInt(1, 100), PAGE_SIZE),
  offset: defaulted(queryInt(0, 1_000_000), 0),
});

export const ErrorBody = type({ message: string() });
export type ErrorBody = Infer<typeof ErrorBody>;

/** A success that only says something (the same shape as a failure's, told apart by the status). */
export const MessageBody = type({ message: string() });
