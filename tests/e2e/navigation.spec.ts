// The header's navigation (spec §2, §9) on the seeded shop: the desktop menu's 10-item rules and 'see more'
// links, the brands of the fixed list, the search bar rules, and the phone's mobile menu.
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { SPEC_MENU_BRANDS } from '../support/spec-menu.ts';

interface Root {
  path: string;
  name: string;
  subcategories: { path: string; name: string }[];
}

const PROMO = 'Скидка 10% на первый заказ по промокоду LETO10';

const roots = async (page: Page): Promise<Root[]> => (await page.request.get('/api/v1/preview_category/')).json();
const pathOf = (page: Page) => new URL(page.url()).pathname;

test.describe('desktop menu', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("a root shows its first 10 subcategories and 'Смотреть все категории' when it has more", async ({ page }) => {
    const kupalniki = (await roots(page)).find((r) => r.path === 'kupalniki')!;
    expect(kupalniki.subcategories.length).toBeGreaterThan(10); // the seed has 15
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Каталог' });
    const list = nav.getByRole('list', { name: 'Подкатегории: Купальники' });
    await expect(list).toBeHidden();

    await nav.getByRole('link', { name: 'Купальники', exact: true }).hover();
    await expect(list.getByRole('link')).toHaveCount(10);
    await expect(list.getByRole('link')).toHaveText(kupalniki.subcategories.slice(0, 10).map((s) => s.name));
    const more = nav.getByRole('link', { name: 'Смотреть все категории' });
    await expect(more).toBeVisible();
    await expect(more).toHaveAttribute('href', '/kupalniki');
    await expect(nav.getByRole('button', { name: 'Подкатегории раздела «Купальники»' })).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Купальники', exact: true })).toHaveAttribute('href', '/kupalniki');
  });

  test("a root with 10 subcategories or fewer has no 'see more' link", async ({ page }) => {
    const obuv = (await roots(page)).find((r) => r.path === 'obuv')!;
    expect(obuv.subcategories.length).toBeLessThanOrEqual(10);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Каталог' });
    await nav.getByRole('link', { name: 'Обувь', exact: true }).hover();
    const list = nav.getByRole('list', { name: 'Подкатегории: Обувь' });
    await expect(list.getByRole('link')).toHaveText(obuv.subcategories.map((s) => s.name));
    await expect(nav.getByRole('link', { name: 'Смотреть все категории' })).toHaveCount(0);
    // Moving away closes it.
    await page.getByText(PROMO).hover();
    await expect(list).toBeHidden();
  });

  test("the brands dropdown lists the 10 brands of §9 in order and 'Смотреть все бренды'", async ({ page }) => {
    const brands: unknown[] = await (await page.request.get('/api/v1/brands')).json();
    expect(brands.length).toBeGreaterThan(10); // the seed has 19
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Каталог' });
    const button = nav.getByRole('button', { name: 'Бренды' });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await page.waitForLoadState('networkidle'); // the brands have arrived, so the menu will not re-render under the pointer
    await button.hover();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const list = nav.getByRole('list', { name: 'Бренды' });
    await expect(list.getByRole('link')).toHaveText(SPEC_MENU_BRANDS);
    await expect(list.getByRole('link', { name: 'Beach Bunny' })).toHaveAttribute('href', '/brands/beach-bunny');
    await expect(nav.getByRole('link', { name: 'Смотреть все бренды' })).toHaveAttribute('href', '/brands');
    await expect(nav.getByRole('link', { name: 'Распродажа' })).toHaveAttribute('href', '/sale');
    await expect(nav.getByRole('link', { name: 'Новинки' })).toHaveAttribute('href', '/new');
  });

  test('following a subcategory goes to /kupalniki/<slug> and closes the dropdown', async ({ page }) => {
    const sub = (await roots(page)).find((r) => r.path === 'kupalniki')!.subcategories[0]!;
    expect(sub.path).toMatch(/^kupalniki\/[a-z0-9-]+$/);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Каталог' });
    await nav.getByRole('link', { name: 'Купальники', exact: true }).hover();
    await nav.getByRole('list', { name: 'Подкатегории: Купальники' }).getByRole('link', { name: sub.name }).click();
    await expect(page).toHaveURL(`/${sub.path}`);
    await expect(nav.getByRole('list', { name: 'Подкатегории: Купальники' })).toBeHidden();
  });

  test('keyboard focus opens a dropdown and Escape closes it', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Каталог' });
    await expect(nav.getByRole('link', { name: 'Купальники', exact: true })).toBeVisible();
    await page
      .getByRole('link', { name: /^Корзина/ })
      .first()
      .focus(); // the last link of the header bar
    await page.keyboard.press('Tab'); // onto 'Купальники'
    await expect(nav.getByRole('link', { name: 'Купальники', exact: true })).toBeFocused();
    const list = nav.getByRole('list', { name: 'Подкатегории: Купальники' });
    await expect(list).toBeVisible();
    await page.keyboard.press('Tab'); // the toggle
    await page.keyboard.press('Tab'); // the first subcategory
    await expect(list.getByRole('link').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    const toggle = nav.getByRole('button', { name: 'Подкатегории раздела «Купальники»' });
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('search bar', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('blank text is ignored; a query goes to the search route and closes the bar', async ({ page }) => {
    await page.goto('/');
    const bar = page.getByRole('search', { name: 'Поиск по каталогу' });
    const box = bar.getByRole('searchbox');
    const submit = bar.getByRole('button', { name: 'Найти' });
    await expect(submit).toBeHidden();
    await box.click();
    await expect(submit).toBeVisible();

    await box.press('Enter');
    await submit.click();
    await box.fill(' ');
    await box.press('Enter');
    await submit.click();
    expect(pathOf(page)).toBe('/');
    await expect(submit).toBeVisible(); // the bar stays open

    await box.fill('купальник');
    await box.press('Enter');
    await expect(page).toHaveURL(`/search?searchParam=${encodeURIComponent('купальник')}`);
    await expect(submit).toBeHidden();
    await expect(box).not.toBeFocused();
    await expect(box).toHaveValue('купальник');

    // The text is kept in lkData's searchParam: it is back after a reload.
    await page.goto('/');
    await expect(box).toHaveValue('купальник');
  });

  test('a click outside the bar closes it, and so does Escape', async ({ page }) => {
    await page.goto('/');
    const bar = page.getByRole('search', { name: 'Поиск по каталогу' });
    const submit = bar.getByRole('button', { name: 'Найти' });
    await bar.getByRole('searchbox').click();
    await expect(submit).toBeVisible();
    await page.getByText(PROMO).click();
    await expect(submit).toBeHidden();
    expect(pathOf(page)).toBe('/');

    await bar.getByRole('searchbox').click();
    await expect(submit).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(submit).toBeHidden();
  });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  const INFO: [string, string][] = [
    ['О магазине', '/about'],
    ['Доставка и оплата', '/delivery-and-payments'],
    ['Возврат товара', '/return-goods'],
    ['Условия примерки', '/fitting-conditions'],
    ['Контакты', '/contacts'],
    ['Блог', '/blog'],
    ['Новости', '/news'],
  ];

  test('the burger opens the menu with basket, favourites, login, the 7 roots and the info pages', async ({ page }) => {
    const all = await roots(page);
    expect(all).toHaveLength(7);
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Каталог' })).toBeHidden();
    const burger = page.getByRole('button', { name: 'Меню', exact: true });
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await burger.click();
    await expect(burger).toHaveAttribute('aria-expanded', 'true');
    const menu = page.getByRole('dialog', { name: 'Меню' });
    await expect(menu).toBeVisible();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');

    await expect(menu.getByRole('link', { name: 'Корзина' })).toHaveAttribute('href', '/basket');
    await expect(menu.getByRole('link', { name: /^Избранное/ })).toHaveAttribute('href', '/favorite');
    await expect(menu.getByRole('link', { name: 'Избранное' })).toContainText('0');
    await expect(menu.getByRole('button', { name: 'Войти' })).toBeVisible();
    for (const root of all) await expect(menu.getByRole('button', { name: root.name, exact: true })).toBeVisible();
    for (const [label, path] of INFO) await expect(menu.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', path);

    // A root opens to all its subcategories.
    const kupalniki = all.find((r) => r.path === 'kupalniki')!;
    await menu.getByRole('button', { name: 'Купальники', exact: true }).click();
    await expect(menu.getByRole('button', { name: 'Купальники', exact: true })).toHaveAttribute('aria-expanded', 'true');
    const last = kupalniki.subcategories.at(-1)!;
    await expect(menu.getByRole('link', { name: last.name, exact: true })).toHaveAttribute('href', `/${last.path}`);

    await menu.getByRole('button', { name: 'Закрыть меню' }).click();
    await expect(menu).toBeHidden();
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
  });

  test('following a link closes the menu, and so does any route change', async ({ page }) => {
    await page.goto('/');
    const burger = page.getByRole('button', { name: 'Меню', exact: true });
    const menu = page.getByRole('dialog', { name: 'Меню' });
    await burger.click();
    await menu.getByRole('button', { name: 'Купальники', exact: true }).click();
    await menu.getByRole('link', { name: 'Слитные', exact: true }).click();
    await expect(page).toHaveURL('/kupalniki/slitnye');
    await expect(menu).toBeHidden();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');

    await burger.click();
    await menu.getByRole('link', { name: 'Контакты', exact: true }).click();
    await expect(page).toHaveURL('/contacts');
    await expect(menu).toBeHidden();

    await burger.click();
    await expect(menu).toBeVisible();
    await page.goBack(); // not a click in the menu: the route change itself closes it
    await expect(page).toHaveURL('/kupalniki/slitnye');
    await expect(menu).toBeHidden();
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
  });

  test('the search button opens the bar; a query closes it, a tap outside too', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Поиск', exact: true });
    const box = page.getByRole('search', { name: 'Поиск по каталогу' }).getByRole('searchbox');
    await expect(box).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(box).toBeFocused();
    await box.press('Enter');
    await expect(box).toBeVisible();

    await box.fill('бикини');
    await box.press('Enter');
    await expect(page).toHaveURL(`/search?searchParam=${encodeURIComponent('бикини')}`);
    await expect(box).toBeHidden();

    await toggle.click();
    await expect(box).toBeVisible();
    await page.getByText(PROMO).click();
    await expect(box).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
  test("the menu's 'Войти' opens the login popup in one tap; signed in, the menu names the shopper", async ({ page }) => {
    await page.goto('/');
    const burger = page.getByRole('button', { name: 'Меню', exact: true });
    const menu = page.getByRole('dialog', { name: 'Меню' });
    await burger.click();
    await menu.getByRole('button', { name: 'Войти' }).click();
    await expect(menu).toBeHidden();
    await expect(page.getByRole('dialog', { name: 'Вход' })).toBeVisible();
    expect(pathOf(page)).toBe('/');

    const email = `menu.${Date.now()}@example.ru`;
    const signIn = await page.request.post('/api/v1/sign_in/', {
      data: { full_name: 'Кузнецова Вера Андреевна', email, phone: '', password_one: 'Parol2026', password_two: 'Parol2026' },
    });
    expect(signIn.status()).toBe(200);
    // page.request shares the browser's cookies: the server's session cookies are the browser's now.
    await page.goto('/');
    await burger.click();
    const account = menu.getByRole('link', { name: 'Вера Кузнецова' });
    await expect(account).toHaveAttribute('href', '/profile');
    await expect(menu.getByRole('button', { name: 'Войти' })).toHaveCount(0);
    await account.click();
    await expect(page).toHaveURL('/profile');
    await expect(menu).toBeHidden();
  });
});

test("the shop's phones are offered on every width: in the header, on a phone in its menu", async ({ page }) => {
  const org = (await (await page.request.get('/api/v1/organization')).json()) as { phone: string; phone_chats: string };
  for (const width of [1280, 1024, 800]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: org.phone, exact: true }), `${width}px`).toBeVisible();
    await expect(
      header.getByRole('link', { name: new RegExp(`^${org.phone_chats.replace(/[()+]/g, '\\$&')}`) }),
      `${width}px`,
    ).toBeVisible();
    await expect(header.getByRole('link', { name: 'Доставка и оплата' }), `${width}px`).toBeVisible();
    await expect(header.getByText(PROMO), `${width}px`).toBeVisible();
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expect(page.getByRole('banner').getByText(PROMO)).toBeVisible();
  await page.getByRole('button', { name: 'Меню', exact: true }).click();
  const menu = page.getByRole('dialog', { name: 'Меню' });
  const phone = menu.getByRole('link', { name: org.phone, exact: true });
  await expect(phone).toBeVisible();
  await expect(phone).toHaveAttribute('href', `tel:${org.phone.replace(/[^\d+]/g, '')}`);
  await expect(menu.getByRole('link', { name: new RegExp(`^${org.phone_chats.replace(/[()+]/g, '\\$&')}`) })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Доставка и оплата' })).toBeVisible();
});
