// Checkout for a signed-in shopper in Chromium against the real server: the form is filled from the
// profile and the default saved address; a paid order accrues bonus points, and the next order spends them
// within the programme's limit, which the confirmation and the ledger show.
import { expect, test } from './fixtures.ts';
import { formatPrice } from '../../common/money.ts';
import { addFromProductPage, pickProducts } from './basket-helpers.ts';

test('a signed-in shopper checks out with the saved address, then pays part of the next order with points', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const email = `bonus.${Date.now()}@example.ru`;
  const signIn = await request.post('/api/v1/sign_in/', {
    data: { full_name: 'Соколова Мария Петровна', email, phone: '', password_one: 'Parol2026', password_two: 'Parol2026' },
  });
  expect(signIn.status()).toBe(200);
  const { token } = (await signIn.json()) as { token: string };
  const auth = { authorization: `Token ${token}` };
  const cities = (await (await request.get(`/api/v1/cities/?data=${encodeURIComponent(JSON.stringify({ q: 'Москва' }))}`)).json()) as {
    id: number;
    region_id: number;
    name: string;
  }[];
  const moscow = cities.find((c) => c.name === 'Москва')!;
  const saved = await request.post('/api/v1/user_address/', {
    headers: auth,
    data: {
      city: 'Москва',
      city_id: moscow.id,
      region_id: moscow.region_id,
      street: 'ул. Петровка',
      house: '17',
      flat: '5',
      is_default: true,
    },
  });
  expect(saved.status()).toBe(200);
  // Signed in as the server signs a browser in: the HttpOnly token cookie and the page's hint beside it (the
  // popups' own flows are tested in account-popups.spec.ts).
  await context.addCookies([
    { name: 'token', value: token, url: baseURL!, httpOnly: true, sameSite: 'Lax' },
    { name: 'signedIn', value: '1', url: baseURL!, sameSite: 'Lax' },
  ]);

  const [a, b] = await pickProducts(request, 2, 1);
  await addFromProductPage(page, a!, a!.extIds[0]!);
  await page.goto('/basket/delivery');
  await expect(page.getByLabel('Фамилия, имя и отчество')).toHaveValue('Соколова Мария Петровна');
  await expect(page.getByLabel('E-mail')).toHaveValue(email);
  await expect(page.getByLabel('Адрес: улица, дом, квартира')).toHaveValue('ул. Петровка, д. 17, кв. 5');
  await expect(page.getByLabel('Город', { exact: true })).toHaveValue('Москва');
  await expect(page.getByText('На счёте 0 баллов.')).toBeVisible();
  await page.getByLabel('Телефон').fill('9251234567');
  await page.getByRole('radio', { name: /Курьером/ }).check();
  await page.getByRole('button', { name: 'Оформить заказ' }).click();
  await expect(page).toHaveURL(/\/basket\/delivery\/confirm\//);
  await page.getByRole('dialog', { name: 'Ваша заказ принят' }).getByRole('button', { name: 'Ok' }).click();
  const firstTotal = Number((await page.getByTestId('order-total').innerText()).replace(/\D/g, ''));
  await page.getByRole('button', { name: 'Оплатить', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Оплата заказа' })).toBeVisible(); // the bank's form
  await page.getByRole('button', { name: 'Оплатить', exact: true }).click();
  await expect(page).toHaveURL(/\/basket\/success/);

  // 5% of the paid goods came back as points; the next order may spend them.
  const bonus = (await (await request.get('/api/v1/bonus/', { headers: auth })).json()) as { balance: number; accrual_percent: number };
  expect(bonus.balance).toBeGreaterThan(0);
  expect(bonus.balance).toBeLessThanOrEqual(Math.floor((firstTotal * bonus.accrual_percent) / 100));
  await addFromProductPage(page, b!, b!.extIds[0]!);
  await page.goto('/basket/delivery');
  await expect(page.getByText(`На счёте ${bonus.balance} `)).toBeVisible();
  await page.getByRole('button', { name: /^Списать / }).click();
  const spend = Number(await page.getByLabel('Списать баллов').inputValue());
  expect(spend).toBeGreaterThan(0);
  expect(spend).toBeLessThanOrEqual(bonus.balance);
  await expect(page.getByText('Оплата баллами:')).toBeVisible();
  await page.getByLabel('Телефон').fill('9251234567'); // the profile has no phone: typed again after the reload
  await page.getByRole('radio', { name: /Курьером/ }).check();
  await page.getByRole('button', { name: 'Оформить заказ' }).click();
  await expect(page).toHaveURL(/\/basket\/delivery\/confirm\//);
  await expect(page.getByTestId('order-bonus')).toHaveText(`−${formatPrice(spend)}`);

  await page.goto('/discount');
  await expect(page.getByText('Оплата заказа баллами')).toBeVisible();
  await expect(page.getByText('Начисление за заказ')).toBeVisible();
});
