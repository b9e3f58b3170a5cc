// Housekeeping on every backend: the cleanups drop only rows past their time: visitor carts idle for 90 days
// (a changed one stays), old rate-limit hits, spent password reset links, long-revoked tokens, old
// Idempotency-Key answers, 1C's stale exchange sessions with their uploads and the exchange log's old entries. (Unpaid orders past their deadline are unpaid-orders.test.ts's.)
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { runHousekeeping } from '../../server/background/housekeeping.ts';
import { LONGEST_WINDOW_S } from '../../server/http/rate-limit.ts';
import { backends, startApp } from './harness.ts';
import { createUser, freshVariant, shopper, type Shopper, visitorKey } from './shop-helpers.ts';

describe.each(backends)('housekeeping on $name', (backend) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startApp(backend);
  });
  afterAll(() => app?.close());

  it('drops only the rows past their time', async () => {
    const ago = (s: string) => `now() - interval '${s}'`;
    // Visitor carts: idle 91 days (dropped), 89 days (kept), a signed-in shopper's idle one (kept), and one
    // idle for 91 days that the visitor has just changed (kept).
    const idle = shopper(app);
    await idle.call('POST', '/api/v2/cart/', { ext_id: (await freshVariant(app, 5)).ext_id, quantity: 1 });
    const recentCart = shopper(app);
    await recentCart.call('POST', '/api/v2/cart/', { ext_id: (await freshVariant(app, 5)).ext_id, quantity: 1 });
    const changed = shopper(app);
    const line = (await changed.call('POST', '/api/v2/cart/', { ext_id: (await freshVariant(app, 5)).ext_id, quantity: 1 })).body.cart[0];
    const user = await createUser(app);
    const signed = shopper(app, user.token);
    await signed.call('POST', '/api/v2/cart/', { ext_id: (await freshVariant(app, 5)).ext_id, quantity: 1 });
    const setAge = (s: Shopper, interval: string) =>
      app.db.query(`update carts set updated_at = ${ago(interval)} where visitor_key = $1 or user_id = $2`, [
        visitorKey(s),
        s === signed ? user.id : -1,
      ]);
    await setAge(idle, '91 days');
    await setAge(recentCart, '89 days');
    await setAge(changed, '91 days');
    await setAge(signed, '400 days');
    expect((await changed.call('PUT', `/api/v2/cart/${line.item_uuid}/`, { quantity: 2, item_uuid: line.item_uuid })).status).toBe(200);

    await app.db.query(
      `insert into rate_limit_hits (bucket, hit_at) values ('hk:old', now() - make_interval(secs => $1)), ('hk:new', now())`,
      [LONGEST_WINDOW_S + 60],
    );
    await app.db.query(
      `insert into password_reset_tokens (token, user_id, expires_at, used_at) values
        ('hk-expired-long', $1, ${ago('2 days')}, null),
        ('hk-expired-just', $1, ${ago('1 hour')}, null),
        ('hk-used-long', $1, now() + interval '1 hour', ${ago('25 hours')}),
        ('hk-used-just', $1, now() + interval '1 hour', ${ago('1 hour')}),
        ('hk-live', $1, now() + interval '1 hour', null)`,
      [user.id],
    );
    await app.db.query(
      `insert into auth_tokens (key, user_id, created_at, revoked_at) values
        ('hk-revoked-long', $1, ${ago('90 days')}, ${ago('31 days')}),
        ('hk-revoked-just', $1, ${ago('90 days')}, ${ago('29 days')}),
        ('hk-old-live', $1, ${ago('400 days')}, null)`,
      [user.id],
    );
    // The desk's: an invitation expired 8 days ago (dropped) and one live; a session ended 8 days ago (dropped) and one open.
    await app.db.query(`insert into staff_members (email) values ('hk-staff@moreimoda.test')`);
    await app.db.query(
      `insert into staff_invitations (token_hash, email, expires_at) values
        ('hk-invite-old', 'hk-staff@moreimoda.test', ${ago('8 days')}), ('hk-invite-live', 'hk-staff@moreimoda.test', now() + interval '1 day')`,
    );
    await app.db.query(
      `insert into desk_sessions (key_hash, email, user_id, token_key, expires_at, revoked_at) values
        ('hk-desk-old', 'hk-staff@moreimoda.test', $1, 'hk-old-live', now(), ${ago('8 days')}),
        ('hk-desk-open', 'hk-staff@moreimoda.test', $1, 'hk-old-live', now() + interval '1 hour', null)`,
      [user.id],
    );
    await app.db.query(
      `insert into idempotency_keys (scope, key, method, path, status_code, response, created_at) values
        ('visitor:hk', 'old', 'POST', '/api/v2/cart/', 200, '{}', ${ago('31 days')}),
        ('visitor:hk', 'new', 'POST', '/api/v2/cart/', 200, '{}', ${ago('29 days')})`,
    );

    // 1C's sessions: one unused for 4 hours (dropped with its uploads), one in use; the log: an exchange of 91
    // days ago (dropped) and one of 89.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-hk-'));
    const [stale, live] = ['a'.repeat(40), 'b'.repeat(40)];
    await app.db.query(`insert into exchange_sessions (token, used_at) values ($1, ${ago('4 hours')}), ($2, ${ago('10 minutes')})`, [
      stale,
      live,
    ]);
    for (const token of [stale, live]) {
      mkdirSync(path.join(dataDir, 'exchange', token), { recursive: true });
      writeFileSync(path.join(dataDir, 'exchange', token, 'import.xml'), '<КоммерческаяИнформация/>');
    }
    await app.db.query(
      `insert into exchange_runs (kind, file, status, started_at) values
        ('sale', 'hk-old', 'success', ${ago('91 days')}), ('sale', 'hk-new', 'success', ${ago('89 days')})`,
    );

    const done = await runHousekeeping(app.db, dataDir);
    expect(done).toMatchObject({ visitorCarts: 1, rateLimitHits: 1, resetTokens: 2, revokedTokens: 1, answers: 1, exchangeSessions: 1 });
    expect(done).toMatchObject({ staffInvitations: 1, deskSessions: 1 });
    expect(await app.db.query(`select key_hash from desk_sessions where key_hash like 'hk-%'`)).toEqual([{ key_hash: 'hk-desk-open' }]);
    expect([existsSync(path.join(dataDir, 'exchange', stale)), existsSync(path.join(dataDir, 'exchange', live, 'import.xml'))]).toEqual([
      false,
      true,
    ]);
    expect(await app.db.query(`select file from exchange_runs where file like 'hk-%'`)).toEqual([{ file: 'hk-new' }]);
    rmSync(dataDir, { recursive: true, force: true });

    expect((await idle.call('GET', '/api/v2/cart/')).body.cart).toEqual([]);
    expect((await recentCart.call('GET', '/api/v2/cart/')).body.cart).toHaveLength(1);
    expect((await changed.call('GET', '/api/v2/cart/')).body.cart).toMatchObject([{ quantity: 2 }]);
    expect((await signed.call('GET', '/api/v2/cart/')).body.cart).toHaveLength(1);
    const names = async (sql: string) => (await app.db.query<{ k: string }>(sql)).map((r) => r.k).sort();
    expect(await names(`select bucket as k from rate_limit_hits where bucket like 'hk:%'`)).toEqual(['hk:new']);
    expect(await names(`select token as k from password_reset_tokens where token like 'hk-%'`)).toEqual([
      'hk-expired-just',
      'hk-live',
      'hk-used-just',
    ]);
    expect(await names(`select key as k from auth_tokens where key like 'hk-%'`)).toEqual(['hk-old-live', 'hk-revoked-just']);
    expect(await names(`select key as k from idempotency_keys where scope = 'visitor:hk'`)).toEqual(['new']);
  });
});
