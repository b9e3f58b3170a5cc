// Starts the SMTP sink the shop's mail goes to during the end-to-end run; the teardown stops it.
import type { Server } from 'node:net';
import { startSmtpSink } from './smtp-sink.ts';

let sink: Server | null = null;

export default async function setup(): Promise<() => Promise<void>> {
  sink = await startSmtpSink(Number(process.env.E2E_SMTP_PORT), process.env.E2E_MAIL_FILE!);
  return async () => {
    await new Promise((r) => sink?.close(r));
  };
}
