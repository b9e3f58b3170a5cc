// The account popups against the real server (spec §2 popups, §4 auth, §5 rules, §8 texts): registration,
// login, forgot password, change password by the mailed link and by the reset query, the checkout's signup
// choice, the /recovery and /reset pages, and social login through the stand-in provider with the
// finish-registration popup. A form with a failing field marks it and sends nothing (the page's requests
// are watched); Escape closes the popups spec §2 lists; the popups link to each other.
import { type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { mailsTo } from './mailbox.ts';
import { pickProducts } from './basket-helpers.ts';

const TEXT = {
  unknown: 'Неизвестная ошибка, обратитесь в тех поддержку',
  emailTaken: 'Данная почта уже зарегистрирована в системе',
  phoneTaken: 'Данный номер уже зарегистрирован в системе',
  loginFailed: 'Не удалось войти. Проверьте правильность вводимых логина и пароля',
  forgotFailed: 'Не удалось Найти пользователя. Проверьте правильность вводимого логина',
  sent: 'Ссылка для восстановления пароля отправлена на вашу почту',
  saved: 'Данные успешно сохранены',
};
const RULES = ['Минимум 8 символов', 'Минимум 1 заглавная буква', 'Минимум 1 цифра'];

let serial = 0;
/** An address no other test of this run uses. */
const freshEmail = (who: string) => `${who}.${Date.now().toString(36)}${serial++}@example.ru`;
/** Ten digits after +7 that no other test of this run uses. */
const freshPhone = () => `9${String(Date.now() * 10 + (serial++ % 10)).slice(-9)}`;

/** The bodies of the page's calls to one API path, in order. */
function callsTo(page: Page, path: string): unknown[] {
  const calls: unknown[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === `/api${path}`) calls.push(r.postDataJSON());
  });
  return calls;
}

async function registerByApi(request: APIRequestContext, email: string, phone = '', password = 'Secret123'): Promise<void> {
  const res = await request.post('/api/v1/sign_in/', {
    data: { full_name: 'Смирнова Ольга Петровна', email, phone: phone || undefined, password_one: password, password_two: password },
  });
  expect(res.status(), await res.text()).toBe(200);
}

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
const header = (page: Page) => page.getByRole('banner');

/** Each rule of the live checklist, green or not, in order. */
async function checklist(popup: Locator): Promise<boolean[]> {
  const list = popup.getByRole('list', { name: 'Требования к паролю' });
  return Promise.all(RULES.map(async (r) => /\bis-ok\b/.test((await list.locator('li', { hasText: r }).getAttribute('class')) ?? '')));
}

test('registration: every failing field is marked and nothing is sent; the checklist turns green per rule; success signs in', async ({
  page,
}) => {
  const signIns = callsTo(page, '/v1/sign_in/');
  await page.goto('/');
  await header(page).getByRole('button', { name: 'Войти' }).click();
  await dialog(page, 'Вход').getByRole('button', { name: 'Зарегистрироваться' }).click();
  const popup = dialog(page, 'Регистрация');
  await expect(popup).toBeVisible();

  await popup.getByRole('button', { name: 'Зарегистрироваться' }).click();
  for (const label of ['ФИО', 'E-mail', 'Пароль', 'Повторите пароль']) {
    await expect(popup.getByLabel(label, { exact: true })).toHaveAttribute('aria-invalid', 'true');
  }
  await expect(popup.getByLabel('Телефон (необязательно)')).toHaveAttribute('aria-invalid', 'false'); // optional
  await expect(popup.getByText('Укажите фамилию, имя и отчество (минимум 2 слова)')).toBeVisible();
  await expect(popup.getByText('Укажите e-mail в виде name@example.ru')).toBeVisible();

  // The live checklist: one rule at a time, a Cyrillic capital counts while typing.
  const password = popup.getByLabel('Пароль', { exact: true });
  await expect.poll(() => checklist(popup)).toEqual([false, false, false]);
  await password.fill('абвгдежз');
  await expect.poll(() => checklist(popup)).toEqual([true, false, false]);
  await password.fill('Абвгдежз');
  await expect.poll(() => checklist(popup)).toEqual([true, true, false]);
  await password.fill('Абвгдежз1');
  await expect.poll(() => checklist(popup)).toEqual([true, true, true]);
  await password.fill('Ab1');
  await expect.poll(() => checklist(popup)).toEqual([false, true, true]);

  // Still wrong: one word of a name, half a phone, a Cyrillic capital (the final rule wants a Latin one),
  // a different repeat.
  const email = freshEmail('Maria.Petrova');
  const phone = freshPhone();
  await popup.getByLabel('ФИО').fill('Петрова');
  await popup.getByLabel('E-mail').fill(email.toUpperCase());
  await popup.getByLabel('Телефон (необязательно)').pressSequentially('916123');
  await password.fill('Абвгдежз1');
  await popup.getByLabel('Повторите пароль').fill('Абвгдежз2');
  await popup.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(popup.getByLabel('ФИО')).toHaveAttribute('aria-invalid', 'true');
  await expect(popup.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'false');
  await expect(popup.getByLabel('Телефон (необязательно)')).toHaveAttribute('aria-invalid', 'true');
  await expect(popup.getByText('Пароль: минимум 8 символов, 1 заглавная латинская буква и 1 цифра')).toBeVisible();
  await expect(popup.getByText('Пароли не совпадают')).toBeVisible();
  expect(signIns).toHaveLength(0);

  // Typing clears a field's mark. A fresh popup with right values: they go out with the e-mail lowercased
  // and the phone without dashes and brackets.
  await popup.getByLabel('ФИО').fill('Петрова Мария Ивановна');
  await expect(popup.getByLabel('ФИО')).toHaveAttribute('aria-invalid', 'false');
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();
  await header(page).getByRole('button', { name: 'Войти' }).click();
  await dialog(page, 'Вход').getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(popup.getByLabel('ФИО')).toHaveValue('');
  await popup.getByLabel('ФИО').fill(' Петрова  Мария Ивановна ');
  await popup.getByLabel('E-mail').fill(email.toUpperCase());
  await popup.getByLabel('Телефон (необязательно)').pressSequentially(phone);
  await expect(popup.getByLabel('Телефон (необязательно)')).toHaveValue(
    `+7(${phone.slice(0, 3)})-${phone.slice(3, 6)}-${phone.slice(6, 8)}-${phone.slice(8)}`,
  );
  await password.fill('Secret123');
  await popup.getByLabel('Повторите пароль').fill('Secret123');
  await popup.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(popup).toBeHidden();
  expect(signIns).toEqual([
    {
      full_name: 'Петрова Мария Ивановна',
      email: email.toLowerCase(),
      phone: `+7${phone}`,
      password_one: 'Secret123',
      password_two: 'Secret123',
    },
  ]);
  await expect(header(page).getByRole('link', { name: /Мария Петрова/ })).toHaveAttribute('href', '/profile');
  await expect(header(page).getByRole('button', { name: 'Войти' })).toHaveCount(0);
});

test('registration: an e-mail or a phone already registered is refused with its own text', async ({ page, request }) => {
  const email = freshEmail('taken');
  const phone = freshPhone();
  await registerByApi(request, email, `+7${phone}`);
  await page.goto('/');
  await header(page).getByRole('button', { name: 'Войти' }).click();
  await dialog(page, 'Вход').getByRole('button', { name: 'Зарегистрироваться' }).click();
  const popup = dialog(page, 'Регистрация');
  await popup.getByLabel('ФИО').fill('Кузнецов Иван');
  await popup.getByLabel('E-mail').fill(email);
  await popup.getByLabel('Пароль', { exact: true }).fill('Secret123');
  await popup.getByLabel('Повторите пароль').fill('Secret123');
  await popup.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(popup.getByRole('alert')).toHaveText(TEXT.emailTaken);

  await popup.getByLabel('E-mail').fill(freshEmail('other'));
  await popup.getByLabel('Телефон (необязательно)').pressSequentially(phone);
  await popup.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(popup.getByRole('alert')).toHaveText(TEXT.phoneTaken);
  await expect(popup).toBeVisible();
  await expect(header(page).getByRole('button', { name: 'Войти' })).toBeVisible();
});

test('login: rules, a refused login, the links between popups, Escape, success and logout', async ({ page, request }) => {
  const email = freshEmail('login');
  await registerByApi(request, email);
  const logins = callsTo(page, '/v1/auth/');
  await page.goto('/brands');
  await header(page).getByRole('button', { name: 'Войти' }).click();
  const popup = dialog(page, 'Вход');

  await popup.getByRole('button', { name: 'Войти' }).click();
  await expect(popup.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
  await expect(popup.getByLabel('Пароль')).toHaveAttribute('aria-invalid', 'true');
  await expect(popup.getByText('Введите пароль')).toBeVisible();
  await popup.getByLabel('E-mail').fill('not-an-email');
  await popup.getByLabel('Пароль').fill('whatever');
  await popup.getByRole('button', { name: 'Войти' }).click();
  await expect(popup.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
  await expect(popup.getByLabel('Пароль')).toHaveAttribute('aria-invalid', 'false');
  expect(logins).toHaveLength(0);

  await popup.getByLabel('E-mail').fill(email);
  await popup.getByLabel('Пароль').fill('Wrong1234');
  await popup.getByRole('button', { name: 'Войти' }).click();
  await expect(popup.getByRole('alert')).toHaveText(TEXT.loginFailed);
  expect(logins).toHaveLength(1);

  // Login -> registration -> login -> forgot -> login; Escape closes each.
  await popup.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(dialog(page, 'Регистрация')).toBeVisible();
  await expect(popup).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(dialog(page, 'Регистрация')).toBeHidden();
  await header(page).getByRole('button', { name: 'Войти' }).click();
  await popup.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await dialog(page, 'Регистрация').getByRole('button', { name: 'Войти' }).click();
  await popup.getByRole('button', { name: 'Забыли пароль?' }).click();
  await expect(dialog(page, 'Восстановление пароля')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog(page, 'Восстановление пароля')).toBeHidden();
  await header(page).getByRole('button', { name: 'Войти' }).click();
  await expect(popup).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();

  // The e-mail goes out lowercased.
  await header(page).getByRole('button', { name: 'Войти' }).click();
  await popup.getByLabel('E-mail').fill(email.toUpperCase());
  await popup.getByLabel('Пароль').fill('Secret123');
  await popup.getByRole('button', { name: 'Войти' }).click();
  await expect(popup).toBeHidden();
  expect(logins.at(-1)).toEqual({ username: email, password: 'Secret123' });
  await expect(header(page).getByRole('link', { name: /Ольга Смирнова/ })).toBeVisible();
  await expect(page).toHaveURL(/\/brands$/);

  // Signed in, the login popup does not show; logout goes home signed out.
  await page.reload();
  await expect(header(page).getByRole('link', { name: /Ольга Смирнова/ })).toBeVisible();
  // The session is an HttpOnly cookie: no script of the page can read it.
  expect((await page.context().cookies()).find((c) => c.name === 'token')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  expect(await page.evaluate(() => document.cookie)).not.toMatch(/(^|; )token=/);
  await header(page).getByRole('button', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(header(page).getByRole('button', { name: 'Войти' })).toBeVisible();
  expect((await page.context().cookies()).find((c) => c.name === 'token')).toBeUndefined();
});

test('forgot password: the e-mail format, an unknown user, and the link sent', async ({ page, request }) => {
  const email = freshEmail('forgot');
  await registerByApi(request, email);
  const resets = callsTo(page, '/v1/reset/');
  await page.goto('/');
  await header(page).getByRole('button', { name: 'Войти' }).click();
  await dialog(page, 'Вход').getByRole('button', { name: 'Забыли пароль?' }).click();
  const popup = dialog(page, 'Восстановление пароля');
  await popup.getByLabel('E-mail').fill('anna@');
  await popup.getByRole('button', { name: 'Восстановить пароль' }).click();
  await expect(popup.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
  expect(resets).toHaveLength(0);

  await popup.getByLabel('E-mail').fill(freshEmail('nobody'));
  await popup.getByRole('button', { name: 'Восстановить пароль' }).click();
  await expect(popup.getByRole('alert')).toHaveText(TEXT.forgotFailed);

  await popup.getByLabel('E-mail').fill(email.toUpperCase());
  await popup.getByRole('button', { name: 'Восстановить пароль' }).click();
  await expect(popup.getByRole('status')).toHaveText(TEXT.sent);
  expect(resets).toEqual([{ email: expect.stringContaining('nobody') as unknown }, { email }]);
  await popup.getByRole('button', { name: 'Войти' }).click();
  await expect(dialog(page, 'Вход')).toBeVisible();
});

test('reset by the mailed link: the rules, the checklist, a new password, and login with it', async ({ page, request }) => {
  const email = freshEmail('reset');
  await registerByApi(request, email);
  await page.goto('/recovery');
  await expect(page.getByRole('heading', { level: 1, name: 'Восстановление пароля' })).toBeVisible();
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Восстановить пароль' }).click();
  await expect(page.getByText(TEXT.sent)).toBeVisible();

  await expect.poll(() => mailsTo(email).length, { timeout: 30_000 }).toBeGreaterThan(0);
  const link = /https?:\/\/\S+\/reset\/\S+/.exec(mailsTo(email)[0])?.[0];
  expect(link).toBeTruthy();
  const completes = callsTo(page, '/v1/reset/complite/');
  await page.goto(new URL(link!).pathname);
  const popup = dialog(page, 'Смена пароля');
  await expect(popup).toBeVisible();
  await expect(popup.getByRole('link', { name: 'политикой конфиденциальности' })).toHaveAttribute('href', '/privacy-policy');
  await expect(popup.getByRole('link', { name: 'публичной офертой' })).toHaveAttribute('href', '/publick-offer');

  const save = popup.getByRole('button', { name: 'Сохранить изменения' });
  await save.click();
  await expect(popup.getByLabel('Новый пароль', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(popup.getByLabel('Повторите новый пароль')).toHaveAttribute('aria-invalid', 'true');
  const one = popup.getByLabel('Новый пароль', { exact: true });
  await one.fill('пароль');
  await expect.poll(() => checklist(popup)).toEqual([false, false, false]);
  await one.fill('Пароль12');
  await expect.poll(() => checklist(popup)).toEqual([true, true, true]);
  await popup.getByLabel('Повторите новый пароль').fill('Пароль12');
  await save.click(); // a Cyrillic capital is not enough for the final rule
  await expect(one).toHaveAttribute('aria-invalid', 'true');
  await expect(popup.getByLabel('Повторите новый пароль')).toHaveAttribute('aria-invalid', 'false');
  await one.fill('NewSecret7');
  await save.click();
  await expect(popup.getByLabel('Повторите новый пароль')).toHaveAttribute('aria-invalid', 'true');
  await expect(popup.getByText('Пароли не совпадают')).toBeVisible();
  expect(completes).toHaveLength(0);

  await popup.getByLabel('Повторите новый пароль').fill('NewSecret7');
  await save.click();
  await expect(popup.getByText(TEXT.saved)).toBeVisible();
  expect(completes).toHaveLength(1);
  await popup.getByRole('button', { name: 'Войти' }).click();
  const login = dialog(page, 'Вход');
  await expect(login).toBeVisible();
  await expect(popup).toBeHidden();
  await login.getByLabel('E-mail').fill(email);
  await login.getByLabel('Пароль').fill('NewSecret7');
  await login.getByRole('button', { name: 'Войти' }).click();
  await expect(login).toBeHidden();
  await expect(header(page).getByRole('link', { name: /Ольга Смирнова/ })).toBeVisible();
});

test('the reset popup the server rendered is on screen before its code, and works once the code arrives late', async ({ page }) => {
  // The popup's code is slow to come (a phone on a bad network): held back until the server's popup is on
  // screen. (The page answers once every part has its code: the fixtures' goto waits for that.)
  let codeMayCome = () => {};
  const popupShown = new Promise<void>((resolve) => (codeMayCome = resolve));
  await page.route(/\/ChangePasswordPopup-[\w-]+\.js$/, async (route) => {
    await popupShown;
    await route.continue();
  });
  const answering = page.goto('/brands?reset=not-a-real-token');
  const popup = dialog(page, 'Смена пароля');
  await expect(popup.getByLabel('Новый пароль', { exact: true })).toBeVisible();
  codeMayCome();
  await answering;
  await popup.getByLabel('Новый пароль', { exact: true }).fill('NewSecret7');
  await popup.getByLabel('Повторите новый пароль').fill('NewSecret7');
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/v1/reset/complite/'));
  await popup.getByRole('button', { name: 'Сохранить изменения' }).click();
  expect((await answer).status()).toBeGreaterThanOrEqual(400); // sent: what was typed went out
});

test('the reset query opens the popup over a page; a refused token shows nothing; the backdrop goes home', async ({ page }) => {
  const completes = callsTo(page, '/v1/reset/complite/');
  await page.goto('/brands?reset=not-a-real-token');
  await expect(page.getByRole('heading', { level: 1, name: 'Бренды' })).toBeVisible();
  const popup = dialog(page, 'Смена пароля');
  await expect(popup).toBeVisible();
  await page.keyboard.press('Escape'); // not one of the popups Escape closes
  await expect(popup).toBeVisible();
  await popup.getByLabel('Новый пароль', { exact: true }).fill('NewSecret7');
  await popup.getByLabel('Повторите новый пароль').fill('NewSecret7');
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/v1/reset/complite/'));
  await popup.getByRole('button', { name: 'Сохранить изменения' }).click();
  expect((await answer).status()).toBeGreaterThanOrEqual(400);
  await expect(popup.getByRole('button', { name: 'Сохранить изменения' })).toBeEnabled();
  await expect(popup.getByText(TEXT.saved)).toHaveCount(0);
  await expect(popup.getByRole('alert')).toHaveCount(0);
  expect(completes).toHaveLength(1);

  await page.locator('.popup-backdrop').click({ position: { x: 5, y: 5 } });
  await expect(page).toHaveURL(/\/$/);
  await expect(popup).toBeHidden();

  // The × leaves the page under the query as it was.
  await page.goto('/brands?reset=another');
  await popup.getByRole('button', { name: 'Закрыть' }).click();
  await expect(page).toHaveURL(/\/brands$/);
  await expect(popup).toBeHidden();
});

test('/reset without a token explains and offers the forgot form', async ({ page }) => {
  await page.goto('/reset');
  await expect(page.getByRole('heading', { level: 1, name: 'Смена пароля' })).toBeVisible();
  await expect(page.getByText(/по ссылке из письма/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Восстановить пароль' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the checkout signup choice: Escape closes it; it opens login and registration', async ({ page }) => {
  // Clothing, like the other tests' goods: the chaos test counts on nobody else ordering underwear.
  const [
    {
      extIds: [ext],
    },
  ] = await pickProducts(page.request, 1, 1);
  // Before any page loads, so the visitor's basket cookie this sets is the one the app goes on with.
  expect((await page.request.post('/api/v2/cart/', { data: { ext_id: ext, quantity: 1 } })).status()).toBe(200);
  await page.goto('/basket');
  await expect(page.getByTestId('basket-lines').locator('li')).toHaveCount(1);
  const choice = dialog(page, 'Оформление заказа');
  await page.getByRole('button', { name: 'Оформить заказ' }).click();
  await expect(choice).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(choice).toBeHidden();
  await page.getByRole('button', { name: 'Оформить заказ' }).click();
  await choice.getByRole('button', { name: 'Войти' }).click();
  await expect(dialog(page, 'Вход')).toBeVisible();
  await expect(choice).toBeHidden();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Оформить заказ' }).click();
  await choice.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(dialog(page, 'Регистрация')).toBeVisible();
});

/** Signs in through a social button and waits for the provider's window to hand the code back and close. */
async function socialSignIn(page: Page, from: Locator, provider: string): Promise<void> {
  const opened = page.waitForEvent('popup');
  await from.getByRole('button', { name: provider }).click();
  const win = await opened;
  if (!win.isClosed()) await win.waitForEvent('close');
}

test('social login: a user without e-mail lands in finish registration; closing it logs out, finishing it signs in', async ({
  page,
  request,
}) => {
  const exchanges = callsTo(page, '/auth/vk-oauth2');
  const changes = callsTo(page, '/v1/changeinfo/');
  await page.goto('/');
  await header(page).getByRole('button', { name: 'Войти' }).click();
  const login = dialog(page, 'Вход');
  await expect(login.getByRole('button', { name: 'ВКонтакте' })).toBeVisible();
  await expect(login.getByRole('button', { name: 'Facebook' })).toBeVisible();

  const authorize = page.context().waitForEvent('request', (r) => new URL(r.url()).pathname === '/vk/authorize');
  await socialSignIn(page, login, 'ВКонтакте');
  expect(new URL((await authorize).url()).searchParams.get('state')).toMatch(/^[0-9a-f]{16,}$/);
  const finish = dialog(page, 'Завершение регистрации');
  await expect(finish).toBeVisible();
  await expect(login).toBeHidden();
  expect(exchanges).toEqual([{ code: expect.any(String) as unknown }]);
  await expect(finish.getByLabel('Имя')).toHaveValue('Мария');
  await expect(finish.getByLabel('Фамилия')).toHaveValue('Соколова');
  await page.keyboard.press('Escape'); // not one of the popups Escape closes
  await expect(finish).toBeVisible();

  // Closing it logs the user out.
  await finish.getByRole('button', { name: 'Закрыть' }).click();
  await expect(finish).toBeHidden();
  await expect(header(page).getByRole('button', { name: 'Войти' })).toBeVisible();
  expect((await page.context().cookies()).find((c) => c.name === 'token')).toBeUndefined();

  // Again from the registration popup, through Facebook: the rules, a taken e-mail, then done.
  await header(page).getByRole('button', { name: 'Войти' }).click();
  await login.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await socialSignIn(page, dialog(page, 'Регистрация'), 'Facebook');
  await expect(finish).toBeVisible();
  await finish.getByLabel('Фамилия').fill('Ли');
  await finish.getByRole('button', { name: 'Завершить регистрацию' }).click();
  for (const label of ['E-mail', 'Фамилия', 'Отчество', 'Пароль', 'Повторите пароль']) {
    await expect(finish.getByLabel(label, { exact: true })).toHaveAttribute('aria-invalid', 'true');
  }
  await expect(finish.getByLabel('Имя')).toHaveAttribute('aria-invalid', 'false');
  await expect(finish.getByText('Фамилия: больше 2 символов')).toBeVisible();
  const password = finish.getByLabel('Пароль', { exact: true });
  await password.fill('соколова');
  await expect.poll(() => checklist(finish)).toEqual([true, false, false]);
  await password.fill('Соколова7');
  await expect.poll(() => checklist(finish)).toEqual([true, true, true]);
  await finish.getByLabel('Повторите пароль').fill('Соколова7');
  await finish.getByRole('button', { name: 'Завершить регистрацию' }).click();
  await expect(password).toHaveAttribute('aria-invalid', 'true'); // the final rule wants a Latin capital
  expect(changes).toHaveLength(0);

  const taken = freshEmail('taken.social');
  await registerByApi(request, taken);
  await finish.getByLabel('E-mail').fill(taken);
  await finish.getByLabel('Фамилия').fill('Соколова');
  await finish.getByLabel('Отчество').fill('Андреевна');
  await password.fill('Sokolova77');
  await finish.getByLabel('Повторите пароль').fill('Sokolova77');
  await finish.getByRole('button', { name: 'Завершить регистрацию' }).click();
  await expect(finish.getByRole('alert')).toHaveText(TEXT.emailTaken);

  const email = freshEmail('Maria.Sokolova');
  await finish.getByLabel('E-mail').fill(email);
  await finish.getByRole('button', { name: 'Завершить регистрацию' }).click();
  await expect(finish).toBeHidden();
  expect(changes).toHaveLength(2); // the taken e-mail and this one: nothing from the marked attempt
  expect(changes.at(-1)).toMatchObject({
    email: email.toLowerCase(),
    first_name: 'Мария',
    last_name: 'Соколова',
    middle_name: 'Андреевна',
  });
  await expect(header(page).getByRole('link', { name: /Мария Соколова/ })).toBeVisible();
  await page.reload();
  await expect(header(page).getByRole('link', { name: /Мария Соколова/ })).toBeVisible();
  await expect(finish).toHaveCount(0);

  // The finished account logs in with its e-mail and password.
  await header(page).getByRole('button', { name: 'Выйти' }).click();
  await header(page).getByRole('button', { name: 'Войти' }).click();
  await login.getByLabel('E-mail').fill(email);
  await login.getByLabel('Пароль').fill('Sokolova77');
  await login.getByRole('button', { name: 'Войти' }).click();
  await expect(header(page).getByRole('link', { name: /Мария Соколова/ })).toBeVisible();
});
