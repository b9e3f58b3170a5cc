// One vocabulary of an order's state: no code outside common/order-status.ts, the lifecycle and its SQL and the
// migrations compares an order's status or its payment's with a code of its own (`status === 'paid'`, SQL's
// `status in ('received', …)`); it asks the predicates and lists of common/order-status.ts, so "paid" and "final"
// mean one thing everywhere. 'pending' is left out of the search: a payment's and a refund's own rows use it too.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUS_CODES, PAYMENT_STATUS_CODES } from '../../common/order-status.ts';

const ROOTS = ['server', 'src', 'sw', 'common', 'scripts'];
const ALLOWED = ['common/order-status.ts', 'server/orders/lifecycle.ts', 'server/orders/lifecycle-sql.ts', 'server/db/migrations/'];
const CODES = [...ORDER_STATUS_CODES, ...PAYMENT_STATUS_CODES].filter((c) => c !== 'pending');
const code = `'(${CODES.join('|')})'`;
/** `status === 'x'`, `payment_status !== 'x'`, SQL's `status = 'x'`, `status <> 'x'`, `status in ('x', …)`. */
const COMPARISON = new RegExp(
  `(?<![A-Za-z])status\\s*(===|!==|==|!=|=|<>)\\s*${code}|(?<![A-Za-z])status\\s+(not\\s+)?in\\s*\\([^)]*${code}`,
  'g',
);

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : filesUnder(p);
    return /\.(ts|tsx|sql)$/.test(e.name) ? [p] : [];
  });
}

describe("an order's status codes", () => {
  it('are compared only by common/order-status.ts and the lifecycle', () => {
    const found = ROOTS.flatMap(filesUnder)
      .filter((f) => !ALLOWED.some((a) => f.startsWith(a)))
      .flatMap((f) =>
        readFileSync(f, 'utf8')
          .split('\n')
          .flatMap((line, i) => (line.match(COMPARISON) ?? []).map((m) => `${f}:${i + 1}: ${m}`)),
      );
    expect(found).toEqual([]);
  });

  it('the search finds what it is for', () => {
    const finds = (text: string) => (text.match(COMPARISON) ?? []).length > 0;
    expect(finds("o.status === 'received'")).toBe(true);
    expect(finds("and status not in ('received', 'cancelled')")).toBe(true);
    expect(finds("o.payment_status !== 'refunded'")).toBe(true);
    expect(finds("where status = 'pending'")).toBe(false);
  });
});
