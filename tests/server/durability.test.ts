// An acknowledged write is on the host's disk before the shop answers, on the embedded database: the real
// server process on a data folder, watched by strace for the host's fsync and fdatasync calls while a shopper
// changes a basket. Each answered write is followed by at least one sync (PGlite alone
// makes none: its engine runs with fsync off and its Node filesystem drops the call; server/db/pglite/durable-fs.ts).
// Needs strace, which .ci/run installs (apt-get install strace); without it the test is skipped.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startShop, type ShopProcess } from '../../scripts/shop-process.ts';
import { seededDataDir } from './harness.ts';
import { PATIENCE } from '../support/patience.ts';

const STRACE = spawnSync('strace', ['-V']).status === 0;
const WRITES = 12;

describe.runIf(STRACE)('the embedded database, on disk', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-durable-'));
  let shop: ShopProcess | undefined;
  let tracer: ChildProcess | undefined;
  afterAll(async () => {
    tracer?.kill('SIGKILL');
    await shop?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('syncs to the host disk at least once for every write it answers', async () => {
    await seededDataDir(dir);
    shop = await startShop({ DATA_DIR: dir, DATABASE_URL: '', DIST_DIR: '/nonexistent', LOG_LEVEL: 'warn', PAYMENT_PROVIDER: 'test' });
    let traced = '';
    /** Sync calls strace has reported so far (a call another thread interrupts is reported «unfinished», then «resumed»: counted once). */
    const syncs = () => (traced.match(/\b(fsync|fdatasync)\(\d+/g) ?? []).length;
    tracer = spawn('strace', ['-f', '-e', 'trace=fsync,fdatasync', '-p', String(shop.pid)], { stdio: ['ignore', 'ignore', 'pipe'] });
    tracer.stderr!.on('data', (chunk: Buffer) => (traced += chunk.toString()));
    const first = await fetch(`${shop.url}/api/v2/cart/`);
    const cookie = first.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const add = () =>
      fetch(`${shop!.url}/api/v2/cart/`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: JSON.stringify({ ext_id: 'GC-1000', quantity: 1 }),
      });
    // strace says «Process N attached» for each of the server's threads once it watches them.
    await vi.waitFor(() => expect(traced).toContain('attached'), PATIENCE);
    const before = syncs();
    let answered = 0;
    for (let i = 0; i < WRITES; i++) if ((await add()).ok) answered += 1;
    expect(answered).toBe(WRITES);
    // strace's report comes through a pipe, after the answer: wait for it, however long the pipe takes.
    await vi.waitFor(() => expect(syncs() - before).toBeGreaterThanOrEqual(answered), PATIENCE);
  }, 300_000);
});
