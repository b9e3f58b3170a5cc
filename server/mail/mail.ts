// Mail (docs/architecture.md): messages are rows in mail_outbox, written in the transaction of what they tell about;
// a delivery pass claims a few and sends them through the given sender (SMTP, or the log without one).
import type { Queryable } from '../db/public.ts';
import { claimMail, countUnsentMail, insertMail, markMailFailed, markMailSent, type OutgoingMail } from './mail-outbox-sql.ts';

export interface Mail {
  /** order_confirmation | manager_new_order | gift_card | reset_link | … */
  kind: string;
  to: string;
  subject: string;
  body: string;
}

export function enqueueMail(q: Queryable, mail: Mail): Promise<number> {
  return insertMail(q, mail);
}

export interface MailSender {
  send(mail: OutgoingMail): Promise<void>;
}

export const DELIVERY = {
  batch: 20,
  leaseSeconds: 60,
  maxAttempts: 10,
} as const;

/** How many messages wait to go out (the outbox's depth, for /metrics). */
export const mailOutboxDepth = (db: Queryable): Promise<number> => countUnsentMail(db, DELIVERY.maxAttempts);

/** One pass: claims unsent mail and sends it; returns how many went out. */
export async function deliverMail(db: Queryable, sender: MailSender): Promise<number> {
  const batch = await claimMail(db, DELIVERY.batch, DELIVERY.leaseSeconds, DELIVERY.maxAttempts);
  let sent = 0;
  for (const mail of batch) {
    try {
      await sender.send(mail);
      await markMailSent(db, mail.id);
      sent += 1;
    } catch (err) {
      await markMailFailed(db, mail.id, err instanceof Error ? err.message : String(err));
    }
  }
  return sent;
}

/** The links a message carries, for the log line of a server without SMTP. */
export const linksIn = (text: string): string[] => text.match(/https?:\/\/\S+/g) ?? [];
