// The mail outbox on every backend: queued rows, a delivery pass (claimed with skip locked, sent once even
// by two passes at a time, a failure kept for a later attempt), and the app's loop: logged and marked sent
// without SMTP_URL, sent through SMTP with it.
import { rmSync } from 'node:fs';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { readConfig } from '../../server/config.ts';
import type { OutgoingMail } from '../../server/mail/mail-outbox-sql.ts';
import { deliverMail, enqueueMail } from '../../server/mail/mail.ts';
import { startSmtpSink, type SunkMail } from '../support/smtp-sink.ts';
import { backends, oneBackend, fakeDist, startApp } from './harness.ts';
import { PATIENCE } from '../support/patience.ts';

/** A loopback SMTP server that keeps what it is given. */
async function smtpSink(): Promise<{ port: number; mails: SunkMail[]; close(): Promise<void> }> {
  const mails: SunkMail[] = [];
  const server = await startSmtpSink(0, (mail) => mails.push(mail));
  return {
    port: (server.address() as net.AddressInfo).port,
    mails,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

const waitFor = async (check: () => Promise<boolean>, ms = PATIENCE.timeout) => {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe.each(backends)('mail outbox on $name', (backend) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startApp(backend);
  });
  afterAll(() => app?.close());

  const unsent = async (ids: number[]) =>
    (await app.db.query<{ id: number }>('select id from mail_outbox where id = any($1::int[]) and sent_at is null', [ids])).map(
      (r) => r.id,
    );

  it('sends each queued message once, even with two passes at a time', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 30; i++)
      ids.push(await enqueueMail(app.db, { kind: 'test', to: `a${i}@example.ru`, subject: `Письмо ${i}`, body: `Текст ${i}` }));
    const sent: number[] = [];
    const sender = { send: async (m: OutgoingMail) => void sent.push(m.id) };
    // Other mail of this database (orders of other tests) may go out too: only ours are counted.
    while ((await unsent(ids)).length) await Promise.all([deliverMail(app.db, sender), deliverMail(app.db, sender)]);
    const ours = sent.filter((id) => ids.includes(id));
    expect(ours.sort((a, b) => a - b)).toEqual(ids);
    expect(await deliverMail(app.db, sender)).toBe(0);
  });

  it('keeps a failed message for a later attempt, with the error', async () => {
    const id = await enqueueMail(app.db, { kind: 'test', to: 'broken@example.ru', subject: 'Сбой', body: '…' });
    const failing = {
      send: async (m: OutgoingMail) => {
        if (m.id === id) throw new Error('connection refused');
      },
    };
    await deliverMail(app.db, failing);
    const [row] = await app.db.query<{ sent_at: Date | null; attempts: number; last_error: string }>(
      'select sent_at, attempts, last_error from mail_outbox where id = $1',
      [id],
    );
    expect(row).toMatchObject({ sent_at: null, attempts: 1, last_error: 'connection refused' });
    // Not tried again until its claim runs out.
    const sent: number[] = [];
    await deliverMail(app.db, { send: async (m) => void sent.push(m.id) });
    expect(sent).not.toContain(id);
    await app.db.query(`update mail_outbox set locked_until = now() - interval '1 second' where id = $1`, [id]);
    await deliverMail(app.db, { send: async (m) => void sent.push(m.id) });
    expect(sent).toContain(id);
    expect(await unsent([id])).toEqual([]);
  });

  // The loop's wiring, no engine's: on one engine (oneBackend).
  it.runIf(backend === oneBackend[0])("logs and marks mail sent in the app's loop when there is no SMTP_URL", async () => {
    const id = await enqueueMail(app.db, { kind: 'test', to: 'loop@example.ru', subject: 'Цикл', body: 'Ссылка: http://localhost:8080/x' });
    await waitFor(async () => (await unsent([id])).length === 0);
  });
});

describe('mail through SMTP', () => {
  it('sends the outbox through SMTP_URL', async () => {
    const sink = await smtpSink();
    const distDir = fakeDist();
    const db = await backends[0].open();
    const app = await buildApp({
      config: readConfig({
        DIST_DIR: distDir,
        LOG_LEVEL: 'silent',
        SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
        PUBLIC_URL: 'https://moreimoda.example',
      }),
      db,
      logger: false,
    });
    try {
      await enqueueMail(db, { kind: 'test', to: 'buyer@example.ru', subject: 'Заказ принят', body: 'Спасибо за заказ!' });
      await waitFor(async () => sink.mails.length > 0);
      expect(sink.mails[0].to).toEqual(['buyer@example.ru']);
      expect(sink.mails[0].data).toMatch(/^From: .*no-reply@moreimoda\.example/m);
      await waitFor(async () => (await db.query('select 1 from mail_outbox where sent_at is null')).length === 0);
    } finally {
      await app.close();
      await sink.close();
      rmSync(distDir, { recursive: true, force: true });
    }
  });
});
