// Starts what the shop talks to during the end-to-end run: the SMTP sink its mail goes to, the stand-in
// social login provider (VK and Facebook), the stand-in bank (Sberbank's acquiring, which calls the
// shop back when a payment settles) and the stand-in Web Push service (tests subscribe at it over HTTP; the
// shop pushes to it); the returned function stops them.
import { appendFileSync } from 'node:fs';
import type { Server } from 'node:net';
import { startSmtpSink } from '../support/smtp-sink.ts';
import { startSocialProvider, type SocialProviderStandIn } from '../support/social-provider.ts';
import { E2E_BANK_CALLBACK_KEY, startSberbank, type SberbankStandIn } from '../support/sberbank-bank.ts';
import { startPushService, type PushService } from '../support/push-service.ts';

let sink: Server | null = null;
let social: SocialProviderStandIn | null = null;
let bank: SberbankStandIn | null = null;
let push: PushService | null = null;

export default async function setup(): Promise<() => Promise<void>> {
  const file = process.env.E2E_MAIL_FILE!;
  sink = await startSmtpSink(Number(process.env.E2E_SMTP_PORT), (mail) => appendFileSync(file, `${JSON.stringify(mail)}\n`));
  social = await startSocialProvider(Number(process.env.E2E_SOCIAL_PORT));
  bank = await startSberbank({
    port: Number(process.env.E2E_BANK_PORT),
    callbackUrl: `http://localhost:${process.env.E2E_PORT ?? 8190}/api/payments/sberbank/callback`,
    callbackKey: E2E_BANK_CALLBACK_KEY,
  });
  push = await startPushService(Number(process.env.E2E_PUSH_PORT));
  return async () => {
    await new Promise((r) => sink?.close(r));
    await social?.close();
    await bank?.close();
    await push?.close();
    // The bank's callbacks go to the shop beside the buyer's return: one the shop refused is a failure of the run.
    if (bank?.callbackFailures.length) throw new Error(`the shop refused the bank's callbacks:\n${bank.callbackFailures.join('\n')}`);
  };
}
