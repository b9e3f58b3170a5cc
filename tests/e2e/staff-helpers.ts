// The shop's manager in the e2e tests: their account (STAFF_EMAILS names it in playwright.config.ts),
// registered once through the shop's own sign-up, and signing in at the desk as a manager does the first time:
// the shop's login, the invitation link from the mail the shop sent (the SMTP sink's file), the authenticator
// set up from the key the page shows (its codes made here as an app makes them, RFC 6238), the recovery codes.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { mailsTo } from './mailbox.ts';

const STAFF_PASSWORD = 'Menedzher2026';

/** A manager's account (STAFF_EMAILS names it in playwright.config.ts): registered once, signed in with after. */
export async function ensureStaffAccount(request: APIRequestContext, email: string): Promise<void> {
  const login = await request.post('/api/v1/auth/', { data: { username: email, password: STAFF_PASSWORD } });
  if (login.ok()) return;
  const made = await request.post('/api/v1/sign_in/', {
    data: { full_name: 'Петрова Ольга Викторовна', email: email, password_one: STAFF_PASSWORD, password_two: STAFF_PASSWORD },
  });
  if (made.ok()) return;
  // Another test registered the manager meanwhile (the tests run side by side): signing in works now.
  const again = await request.post('/api/v1/auth/', { data: { username: email, password: STAFF_PASSWORD } });
  expect(again.status(), await made.text()).toBe(200);
}

/**
 * The invitation link the shop at `origin` mailed to the manager (the mail goes out within a delivery pass; a
 * test that runs a shop of its own shares the run's mailbox with the main shop).
 */
async function invitationLink(email: string, origin: string): Promise<string> {
  let link = '';
  await expect
    .poll(() => {
      const links = mailsTo(email).flatMap((m) => m.match(/https?:\/\/\S+\/manage\?invitation=[0-9a-f]+/g) ?? []);
      link = links.find((l) => new URL(l).origin === origin) ?? '';
      return link;
    })
    .not.toBe('');
  return link;
}

/**
 * The manager's first sign-in at /manage: the shop's login popup, the invitation from the mail, the
 * authenticator set up from the key shown, the recovery codes kept; the desk opens. `atSetUp` runs while the
 * set-up step shows its QR code (the desk's test audits that step).
 */
export async function signInAtDesk(page: Page, email: string, atSetUp: () => Promise<void> = async () => {}): Promise<void> {
  await page.goto('/manage');
  await page.getByTestId('desk-gate').getByRole('button', { name: 'Войти' }).click();
  const popup = page.getByRole('dialog', { name: 'Вход' });
  await popup.getByLabel('E-mail').fill(email);
  await popup.getByLabel('Пароль').fill(STAFF_PASSWORD);
  await popup.getByRole('button', { name: 'Войти' }).click();
  const gate = page.getByTestId('desk-gate');
  await expect(gate).toContainText('откройте ссылку из письма-приглашения');
  const link = new URL(await invitationLink(email, new URL(page.url()).origin));
  await page.goto(`${link.pathname}${link.search}`);
  await gate.getByRole('button', { name: 'Принять приглашение' }).click();
  await gate.getByRole('button', { name: 'Подключить приложение' }).click();
  await expect(gate.getByRole('img', { name: 'QR-код для приложения-аутентификатора' })).toBeVisible();
  await atSetUp();
  const key = (await gate.getByTestId('desk-secret').textContent())!.replace(/\s/g, '');
  await gate.getByLabel('Код из приложения').fill(new TOTP({ secret: Secret.fromBase32(key) }).generate());
  await gate.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(gate.getByRole('list', { name: 'Коды восстановления' }).getByRole('listitem')).toHaveCount(10);
  await gate.getByRole('button', { name: 'Коды сохранены — открыть рабочее место' }).click();
  await expect(page.getByText(`Рабочее место менеджера · ${email}`)).toBeVisible();
  await expect(page).toHaveURL(/\/manage$/);
}
