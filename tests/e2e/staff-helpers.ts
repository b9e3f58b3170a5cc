// The shop's manager in the e2e tests: their account (STAFF_EMAILS names it in playwright.config.ts),
// registered once through the shop's own sign-up, and signing in at the desk as a manager does.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_STAFF_EMAIL } from '../support/staff.ts';

const STAFF_PASSWORD = 'Menedzher2026';

/** The manager's account (STAFF_EMAILS names it in playwright.config.ts): registered once, signed in with after. */
export async function ensureStaffAccount(request: APIRequestContext): Promise<void> {
  const login = await request.post('/api/v1/auth/', { data: { username: E2E_STAFF_EMAIL, password: STAFF_PASSWORD } });
  if (login.ok()) return;
  const made = await request.post('/api/v1/sign_in/', {
    data: { full_name: 'Петрова Ольга Викторовна', email: E2E_STAFF_EMAIL, password_one: STAFF_PASSWORD, password_two: STAFF_PASSWORD },
  });
  if (made.ok()) return;
  // Another test registered the manager meanwhile (the tests run side by side): signing in works now.
  const again = await request.post('/api/v1/auth/', { data: { username: E2E_STAFF_EMAIL, password: STAFF_PASSWORD } });
  expect(again.status(), await made.text()).toBe(200);
}

/** Signs in at /manage with the shop's login popup, as the manager. */
export async function signInAtDesk(page: Page): Promise<void> {
  await page.goto('/manage');
  await page.getByTestId('desk-gate').getByRole('button', { name: 'Войти' }).click();
  const popup = page.getByRole('dialog', { name: 'Вход' });
  await popup.getByLabel('E-mail').fill(E2E_STAFF_EMAIL);
  await popup.getByLabel('Пароль').fill(STAFF_PASSWORD);
  await popup.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByText(`Рабочее место менеджера · ${E2E_STAFF_EMAIL}`)).toBeVisible();
}
