// SQL of the mail outbox: queue a message, claim a few unsent ones (skip locked, so several servers share
// the work), settle a claim as sent or failed, count the unsent ones.
import type { Queryable } from '../db/public.ts';

export interface OutgoingMail {
  id: number;
  kind: string;
  to_addr: string;
  subject: string;
  body_text: string;
  attempts: number;
}

export async function insertMail(q: Queryable, m: { kind: string; to: string; subject: string; body: string }): Promise<number> {
  const [row] = await q.query<{ id: number }>(
    'insert into mail_outbox (kind, to_addr, subject, body_text) values ($1, $2, $3, $4) returning id',
    [m.kind, m.to, m.subject, m.body],
  );
  return row.id;
}

/** Takes up to `limit` unsent messages for `leaseSeconds`; a claim that is not settled runs out. */
export function claimMail(db: Queryable, limit: number, leaseSeconds: number, maxAttempts: number): Promise<OutgoingMail[]> {
  return db.query<OutgoingMail>(
    `update mail_outbox m set locked_until = now() + make_interval(secs => $2), attempts = m.attempts + 1
      where m.id in (select id from mail_outbox
                      where sent_at is null and attempts < $3 and (locked_until is null or locked_until < now())
                      order by id limit $1 for update skip locked)
      returning m.id, m.kind, m.to_addr, m.subject, m.body_text, m.attempts`,
    [limit, leaseSeconds, maxAttempts],
  );
}

export async function markMailSent(db: Queryable, id: number): Promise<void> {
  await db.query('update mail_outbox set sent_at = now(), locked_until = null, last_error = null where id = $1', [id]);
}

export async function markMailFailed(db: Queryable, id: number, error: string): Promise<void> {
  await db.query('update mail_outbox set last_error = $2 where id = $1', [id, error.slice(0, 1000)]);
}

/** Messages not sent yet and not given up on (`maxAttempts` tries): the outbox's depth. */
export async function countUnsentMail(db: Queryable, maxAttempts: number): Promise<number> {
  const [row] = await db.query<{ n: number }>('select count(*)::int as n from mail_outbox where sent_at is null and attempts < $1', [
    maxAttempts,
  ]);
  return row.n;
}
