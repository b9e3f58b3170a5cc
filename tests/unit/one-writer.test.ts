// One writer of an order's state (and of each table of the desk's gate, below): no file but the order's
// lifecycle (server/orders/lifecycle*.ts) and the migrations writes the tables of an order's state and money
// (orders, payments, refunds, closing receipts, gift cards and their balances). Every other area (the checkout's payment, the provider, the desk, the exchange
// with 1C, the background passes) asks the lifecycle's functions, through server/orders/public.ts.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const TABLES = ['orders', 'payments', 'refunds', 'closing_receipts', 'gift_cards'];
const WRITE = new RegExp(`\\b(insert\\s+into|update|delete\\s+from)\\s+(${TABLES.join('|')})\\b`, 'gi');
const LIFECYCLE = /^server\/orders\/lifecycle[\w-]*\.ts$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : filesUnder(p);
    return /\.(ts|tsx)$/.test(e.name) ? [p] : [];
  });
}

describe("an order's state", () => {
  it('is written by the lifecycle alone', () => {
    const found = ['server', 'scripts', 'common', 'src', 'sw']
      .flatMap(filesUnder)
      .filter((f) => !LIFECYCLE.test(f))
      .flatMap((f) => [...readFileSync(f, 'utf8').matchAll(WRITE)].map((m) => `${f}: ${m[0]}`));
    expect(found).toEqual([]);
  });

  it('the search finds what it is for', () => {
    const finds = (text: string) => [...text.matchAll(WRITE)].length > 0;
    expect(finds("await tx.query('update orders set accounting_number = $2 where id = $1')")).toBe(true);
    expect(finds('`update gift_cards\n set balance = balance - $2`')).toBe(true);
    expect(finds('insert into payments (order_id) values ($1)')).toBe(true);
    expect(finds('select * from orders')).toBe(false);
    expect(finds('update order_items set returned = 1')).toBe(false);
  });
});

/** The files that write each table of the desk's gate, and of the carrier's shipments (and the migrations). */
const STAFF_WRITERS: Record<string, string> = {
  staff_members: 'server/desk/staff-sql.ts',
  staff_invitations: 'server/desk/staff-sql.ts',
  staff_recovery_codes: 'server/desk/staff-sql.ts',
  desk_sessions: 'server/sessions/desk-sessions-sql.ts',
  // Not the gate's, but kept the same way: the shipments registered with the carrier.
  shipments: 'server/carrier/shipments-sql.ts',
};

describe("the desk's gate", () => {
  it('each of its tables has one writer', () => {
    const files = ['server', 'scripts', 'common', 'src', 'sw'].flatMap(filesUnder);
    const found = Object.entries(STAFF_WRITERS).flatMap(([table, writer]) => {
      const write = new RegExp(`\\b(insert\\s+into|update|delete\\s+from)\\s+${table}\\b`, 'gi');
      return files.filter((f) => f !== writer && write.test(readFileSync(f, 'utf8'))).map((f) => `${f} writes ${table}`);
    });
    expect(found).toEqual([]);
  });
});
