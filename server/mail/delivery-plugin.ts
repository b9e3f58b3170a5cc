// The mail delivery loop: every few seconds one pass over the outbox (mail/mail.ts). With SMTP_URL the
// messages go out through nodemailer; without it each is logged with its links and marked sent. Started
// with the app, stopped (and its pass awaited) when the app closes (every.ts).
import nodemailer from 'nodemailer';
import type { FastifyInstance } from 'fastify';
import { deliverMail, linksIn, type MailSender } from './mail.ts';
import { runEvery } from '../lib/public.ts';

export const MAIL_INTERVAL_MS = 3000;

function senderFor(app: FastifyInstance): MailSender {
  const { smtpUrl, publicUrl } = app.config;
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    const from = `Море и Мода <no-reply@${new URL(publicUrl).hostname}>`;
    app.addHook('onClose', async () => transport.close());
    return {
      async send(m) {
        await transport.sendMail({ from, to: m.to_addr, subject: m.subject, text: m.body_text });
      },
    };
  }
  return {
    async send(m) {
      app.log.info(
        { mail: m.id, kind: m.kind, to: m.to_addr, subject: m.subject, links: linksIn(m.body_text) },
        'mail (no SMTP_URL): logged',
      );
    },
  };
}

/** A plugin of its own, so its onClose runs before the app's (which closes the database). */
export default async function mailDelivery(app: FastifyInstance, opts: { intervalMs?: number } = {}): Promise<void> {
  const sender = senderFor(app);
  runEvery(app, opts.intervalMs ?? MAIL_INTERVAL_MS, 'mail delivery pass', () => deliverMail(app.db, sender));
}
