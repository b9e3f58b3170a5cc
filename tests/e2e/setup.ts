// Starts what the shop talks to during the end-to-end run: the SMTP sink its mail goes to and the stand-in
// social login provider (VK and Facebook); the returned function stops both.
import { appendFileSync } from 'node:fs';
import type { Server } from 'node:net';
import { startSmtpSink } from '../support/smtp-sink.ts';
import { startSocialProvider, type SocialProviderStandIn } from '../support/social-provider.ts';

let sink: Server | null = null;
let social: SocialProviderStandIn | null = null;

export default async function setup(): Promise<() => Promise<void>> {
  const file = process.env.E2E_MAIL_FILE!;
  sink = await startSmtpSink(Number(process.env.E2E_SMTP_PORT), (mail) => appendFileSync(file, `${JSON.stringify(mail)}\n`));
  social = await startSocialProvider(Number(process.env.E2E_SOCIAL_PORT));
  return async () => {
    await new Promise((r) => sink?.close(r));
    await social?.close();
  };
}
