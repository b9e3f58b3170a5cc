// PGlite in its worker thread behind the server's Db interface: queries and scripts answered, transactions
// committed and rolled back in the worker while other queries wait their turn, PostgreSQL's errors arriving
// with their fields, LISTEN's notices, a dump filling a new database, the request thread free to run while a
// long statement works, and a worker's death rejecting what was waiting on it.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { openPglite, PGLITE_MESSAGES, type PgliteDb } from '../../server/db/pglite.ts';
import type { Queryable } from '../../server/db/driver.ts';
import { THREAD_MESSAGES } from '../../server/db/pglite/thread.ts';
import { PATIENCE } from '../support/patience.ts';

/** A statement that keeps the engine busy a while (a few million rows counted). */
const LONG_QUERY = 'select count(*)::int as n from generate_series(1, 4000000) g';

describe('PGlite in a worker thread', () => {
  const opened: PgliteDb[] = [];
  /** A database in memory, from the suite's seeded template unless `from` says otherwise (quicker than initdb). */
  const open = async (from?: Blob, onWorkerDeath?: (err: Error) => void) => {
    const db = await openPglite(undefined, from ?? new Blob([readFileSync(inject('pgliteTemplate'))]), onWorkerDeath);
    opened.push(db);
    return db;
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((db) => db.close()));
  });

  it('answers queries with parameters and runs scripts', async () => {
    const db = await open();
    await db.exec(
      'create table test_things (id int primary key, name text, made timestamptz); insert into test_things values (1, $$a$$, now())',
    );
    const rows = await db.query<{ id: number; name: string; made: Date }>('select * from test_things where id = $1', [1]);
    expect(rows).toEqual([{ id: 1, name: 'a', made: expect.any(Date) }]);
    expect(db.engine).toBe('pglite');
    await db.close();
    await expect(db.query('select 1')).rejects.toThrow(PGLITE_MESSAGES.closed);
  });

  it('commits a transaction, rolls one back on a throw, and keeps other queries out until it ends', async () => {
    const db = await open();
    await db.exec('create table test_things (id int primary key)');
    await db.transaction(async (tx) => {
      await tx.query('insert into test_things values (1)');
      await tx.exec('insert into test_things values (2)');
    });
    const refusal = new Error('передумал');
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into test_things values (3)');
        throw refusal;
      }),
    ).rejects.toBe(refusal);
    expect(await db.query('select id from test_things order by id')).toEqual([{ id: 1 }, { id: 2 }]);

    // Another request's query while a transaction is open runs after it, and sees what it committed.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let opened!: (tx: Queryable) => void;
    const txOpen = new Promise<Queryable>((resolve) => (opened = resolve));
    const events: string[] = [];
    const inside = db.transaction(async (tx) => {
      await tx.query('insert into test_things values (4)');
      opened(tx);
      await held;
      events.push('transaction ends');
    });
    const tx = await txOpen;
    const outside = db.query<{ n: number }>('select count(*)::int as n from test_things').then((rows) => {
      events.push('outside answered');
      return rows;
    });
    // The worker takes its requests in order: once the transaction's next statement (sent after the outside
    // query) is answered, the outside query has reached the engine and waits behind the transaction.
    await tx.query('select 1');
    expect(events).toEqual([]);
    release();
    await inside;
    expect(await outside).toEqual([{ n: 3 }]);
    expect(events).toEqual(['transaction ends', 'outside answered']);
  });

  it('rejects a unique violation with its PostgreSQL code, detail and constraint', async () => {
    const db = await open();
    await db.exec('create table test_things (id int, name text constraint things_name_key unique)');
    await db.query('insert into test_things values (1, $1)', ['a']);
    const err = await db.query('insert into test_things values (2, $1)', ['a']).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({
      code: '23505',
      constraint: 'things_name_key',
      table: 'test_things',
      detail: expect.stringContaining('already exists'),
      message: expect.stringContaining('duplicate key'),
    });
    // Inside a transaction too: the error rolls it back and reaches the caller as it was.
    const inTx = await db.transaction((tx) => tx.query('insert into test_things values (3, $1)', ['a'])).catch((e: unknown) => e);
    expect(inTx).toMatchObject({ code: '23505', constraint: 'things_name_key' });
  });

  it('delivers notices to a listener, and a dump fills a new database', async () => {
    const db = await open();
    const heard: string[] = [];
    const unlisten = await db.listen('changes', (payload) => heard.push(payload));
    await db.query(`select pg_notify('changes', 'один')`);
    await vi.waitFor(() => expect(heard).toEqual(['один']), PATIENCE);
    await unlisten();
    await db.query(`select pg_notify('changes', 'два')`);
    await db.query('select 1');
    expect(heard).toEqual(['один']);

    await db.exec(`create table test_kept (v text); insert into test_kept values ('да')`);
    const copy = await open(await db.dump());
    expect(await copy.query('select v from test_kept')).toEqual([{ v: 'да' }]);
  });

  it('leaves the request thread free while a long statement runs', async () => {
    const db = await open();
    let answered = false;
    const long = db.query<{ n: number }>(LONG_QUERY).then((rows) => ((answered = true), rows));
    // The main thread's next turn comes while the worker is still counting (on the main thread it came after).
    await new Promise((r) => setImmediate(r));
    expect(answered).toBe(false);
    const timerFired = await new Promise<boolean>((r) => setTimeout(() => r(!answered), 0));
    expect(timerFired).toBe(true);
    expect(await long).toEqual([{ n: 4_000_000 }]);
  });

  it('rejects the pending queries when the worker dies, and tells its owner', async () => {
    const died = vi.fn();
    const db = await open(undefined, died);
    let killed!: () => void;
    const afterKill = new Promise<void>((resolve) => (killed = resolve));
    let begun!: () => void;
    const inside = new Promise<void>((resolve) => (begun = resolve));
    const inTx = db.transaction(async (tx) => {
      await tx.query('select 1');
      begun();
      await afterKill;
      await tx.query('select 2');
    });
    await inside;
    const waiting = db.query('select 1'); // queued in the worker behind the open transaction
    await db.thread.kill();
    killed();
    const message = THREAD_MESSAGES.died('код 1');
    await expect(waiting).rejects.toThrow(message);
    await expect(inTx).rejects.toThrow(message);
    expect(died).toHaveBeenCalledOnce();
    expect(db.listening()).toBe(false);
    await expect(db.query('select 1')).rejects.toThrow(message);
  });
});
