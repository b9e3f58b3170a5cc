// Starts the SMTP sink the shop's mail goes to during the end-to-end run; the teardown stops it.
import { appendFileSync } from 'node:fs';
import type { Server } from 'node:net';
import { startSmtpSink } from '../support/smtp-sink.ts';

let sink: Server | null = null;

export default async function setup(): Promise<() => Promise<void>> {
  const file = process.env.E2E_MAIL_FILE!;
  sink = await startSmtpSink(Number(process.env.E2E_SMTP_PORT), (mail) => appendFileSync(file, `${JSON.stringify(mail)}\n`));
  return async () => {
    await new Promise((r) => sink?.close(r));
  };
}
