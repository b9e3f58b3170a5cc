// The mail the shop sent during the end-to-end run: the SMTP sink (tests/support/smtp-sink.ts, started by
// setup.ts) appends each message to E2E_MAIL_FILE; these read it back as text.
import { existsSync, readFileSync } from 'node:fs';

/** The text of a mail as the SMTP sink got it (nodemailer sends base64 or quoted-printable). */
function mailText(data: string): string {
  const split = data.indexOf('\r\n\r\n');
  const head = data.slice(0, split);
  const body = data.slice(split + 4);
  if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** Every mail the shop sent to this address in this run, as text, oldest first. */
export function mailsTo(address: string): string[] {
  const file = process.env.E2E_MAIL_FILE!;
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { to: string[]; data: string })
    .filter((m) => m.to.some((t) => t.includes(address)))
    .map((m) => mailText(m.data));
}
