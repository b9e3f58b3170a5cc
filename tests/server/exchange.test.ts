// The accounting system's exchange on every backend, driven by the stand-in 1C over HTTP: a zipped catalogue
// in windows-1251 posted in pieces, then what shoppers see of it (names, categories, brands, colours, sizes,
// prices from the retail type, stock from every warehouse, pictures); the same package again keeps every
// id; changes-only packages change only what they name; a full package hides what it no longer lists;
// garbage, a wrong price type and wrong passwords are refused with the catalogue as it was; one import at a
// time; orders out in windows-1251 and 1C's answers moving them through the lifecycle.
import { existsSync, mkdtempSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Offer, ProductOffer } from '../../common/contract/catalog.ts';
import type { ExchangeRun } from '../../common/contract/manage.ts';
import { StandIn1C, zipOf } from '../../scripts/stand-in-1c.ts';
import {
  catalogue,
  IDS,
  NAMES,
  NEW_BRAND,
  NEW_SUBGROUP,
  offers,
  OFFERS,
  ordersBack,
  PICTURES,
  UNMATCHED_GROUP,
} from '../support/one-c-fixtures.ts';
import { mailsTo } from './account-helpers.ts';
import { staffAtDesk } from './staff-helpers.ts';
import { readConfig } from '../../server/config.ts';
import { backends, startApp } from './harness.ts';
import { basketOf, BUYER, city, createUser, placePickupOrder, shopper, stockOf } from './shop-helpers.ts';

const LOGIN = 'site-exchange';
const PASSWORD = 'Obmen-2026-secret';
const STAFF_EMAIL = 'accountant@moreimoda.test';
/** What every session's uploads may hold together here: a few of the test packages, well under a real catalogue. */
const DISK_LIMIT_MB = 24;
const MB = 1024 * 1024;
const NBSP = '\u00a0';

describe.each(backends)('the exchange with 1C on $name', (backend) => {
  let app: FastifyInstance;
  let base: string;
  let dataDir: string;
  const oneC = (pieceBytes?: number) => new StandIn1C(base, LOGIN, PASSWORD, pieceBytes);

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'shop-exchange-'));
    app = await startApp(backend, {
      DATA_DIR: dataDir,
      EXCHANGE_LOGIN: LOGIN,
      EXCHANGE_PASSWORD: PASSWORD,
      EXCHANGE_PRICE_TYPE: 'Розничная',
      EXCHANGE_STEP_SECONDS: '0',
      EXCHANGE_DISK_LIMIT_MB: String(DISK_LIMIT_MB),
      STAFF_EMAILS: STAFF_EMAIL,
      PUBLIC_URL: 'https://moreimoda.example',
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const productOf = async (ext: string) => {
    const [row] = await app.db.query<{ id: number; active: boolean; exchange_hidden: string | null; price: number | null }>(
      'select id, active, exchange_hidden, price from products where ext_id = $1',
      [ext],
    );
    return row;
  };
  const shown = async (ids: number[]) => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/offers_list/', payload: { ext_id: ids } });
    return res.json() as { response: Offer[]; excluded: number[] };
  };
  const page = async (offer: Offer) => {
    const [, categoryPath] = /^\/(.+)\/\d+\//.exec(offer.full_path_offer)!;
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/product_offer/?categoryPath=${encodeURIComponent(categoryPath)}&pk=${offer.id}`,
    });
    return res.json() as ProductOffer;
  };
  const catalogueVersion = async () => (await app.db.query<{ version: string }>('select version from catalogue_version'))[0].version;

  it('refuses wrong passwords, calls without a session, and counts wrong passwords like a login', async () => {
    const wrong = new StandIn1C(base, LOGIN, 'guess');
    const refused = await wrong.checkauth('catalog');
    expect(refused.status).toBe(401);
    expect(refused.text).toBe('failure\nНеверный логин или пароль обмена');
    const noSession = await wrong.call('type=catalog&mode=init');
    expect(noSession.text).toBe('failure\nСеанс обмена не начат или истёк: начните с mode=checkauth');
    const version = await catalogueVersion();
    const again = await Promise.all(Array.from({ length: 25 }, () => new StandIn1C(base, 'someone', 'guess').checkauth('catalog')));
    const statuses = again.map((a) => a.status);
    expect(statuses.filter((s) => s === 401).length).toBe(19); // 20 wrong attempts per address in 15 minutes, the first above
    expect(statuses.filter((s) => s === 429).length).toBe(6);
    expect(again.find((a) => a.status === 429)!.text).toBe('failure\nСлишком много попыток. Попробуйте ещё раз через несколько минут');
    expect(await catalogueVersion()).toBe(version);
    await app.db.query(`delete from rate_limit_hits where bucket like 'exchange:%'`);
  });

  it('loads a zipped windows-1251 catalogue sent in pieces: shoppers see the goods, sizes, prices, stock and pictures', async () => {
    const standIn = oneC(700);
    const [imported, offered] = await standIn.exchangeCatalogue([catalogue(), offers()], { pictures: PICTURES });
    expect(standIn.fileLimit).toBe(16 * 1024 * 1024);
    expect(imported, imported.reason).toMatchObject({ result: 'success' });
    expect(imported.progress.length).toBeGreaterThan(0); // EXCHANGE_STEP_SECONDS=0: 1C is told to call again at once
    // The answer names what was not used: 1C keeps it in its exchange log for the accountant.
    expect(imported.reason).toContain(`import.xml: группа «${UNMATCHED_GROUP}» не соответствует ни одному разделу магазина`);
    expect(offered).toMatchObject({ result: 'success' });

    const malta = await productOf(IDS.malta);
    const coral = await productOf(IDS.coral);
    const lavender = await productOf(IDS.lavender);
    const towel = await productOf(IDS.towel);
    const { response, excluded } = await shown([malta.id, coral.id, lavender.id, towel.id]);
    expect(excluded).toEqual([towel.id]); // its group «Прочее» is no category of the shop
    expect(towel.exchange_hidden).toBe('group');
    const [m, c, l] = response;
    expect(m).toMatchObject({ name: NAMES.malta, price: 5990, brand: { name: 'Luli Fama' }, sizes: ['S', 'M'] });
    expect(m.full_path_offer).toMatch(/^\/kupalniki\/slitnye\/\d+\//);
    expect(m.colors.map((x) => x.name)).toEqual(['чёрный']);
    expect(c).toMatchObject({ name: NAMES.coral, price: 7490, brand: { name: NEW_BRAND }, sizes: ['42', '44'] });
    expect(c.full_path_offer).toMatch(/^\/kupalniki\/plyazhnaya-kollekciya-1s\/\d+\//);
    expect(c.images).toHaveLength(2);
    expect(l).toMatchObject({ name: NAMES.lavender, price: 2490, brand: { name: 'Море и Мода' }, sizes: ['Один размер'] });
    expect(l.full_path_offer).toMatch(/^\/bele\/byustgaltery\/\d+\//);

    const maltaPage = await page(m);
    expect(maltaPage.variants.map((v) => [v.size, v.stock])).toEqual([
      ['S', 3],
      ['M', 5],
      ['L', 0],
    ]);
    expect((await page(c)).variants.map((v) => v.stock)).toEqual([3, 4]); // both warehouses (2.08's Остатки)
    expect((await page(l)).variants.map((v) => v.stock)).toEqual([8]); // 2.04's Склад attributes
    expect((await page(c)).description).toBe('Раздельный купальник с высокими плавками.\nТкань & подкладка — полиамид.');

    // The 1 × 1 PNG, through the picture pipeline: its one width as JPEG (the stored address), WebP and AVIF.
    expect(m.images[0].image).toMatch(/^\/media\/p\/[0-9a-f]{24}-1x1-[0-9a-f]{6}\/1\.jpg$/);
    for (const [ext, type] of [
      ['jpg', 'image/jpeg'],
      ['webp', 'image/webp'],
      ['avif', 'image/avif'],
    ]) {
      const picture = await app.inject({ method: 'GET', url: m.images[0].image.replace(/jpg$/, ext) });
      expect([picture.statusCode, picture.headers['content-type']]).toEqual([200, type]);
      expect(picture.headers['cache-control']).toContain('immutable');
    }

    const [subcategory] = await app.db.query<{ name: string; depth: number }>(
      `select name, depth from categories where path = 'kupalniki/plyazhnaya-kollekciya-1s'`,
    );
    expect(subcategory).toEqual({ name: NEW_SUBGROUP, depth: 1 });
    const [run] = await app.db.query<{ problems: string[] }>(
      `select problems from exchange_runs where file = 'import.xml' order by id desc limit 1`,
    );
    expect(run.problems.join('\n')).toContain(
      `группа «${UNMATCHED_GROUP}» не соответствует ни одному разделу магазина; её товары (1) скрыты`,
    );
  });

  it('keeps every id on the same package again, and changes only what a changes-only package names', async () => {
    const before = await app.db.query<{ id: number; ext_id: string }>(
      'select id, ext_id from product_variants where ext_id like $1 order by ext_id',
      [`${IDS.malta}%`],
    );
    const malta = await productOf(IDS.malta);
    const user = await createUser(app);
    await app.db.query('insert into favorites (user_id, product_id) values ($1, $2)', [user.id, malta.id]);

    const [again, againOffers] = await oneC().exchangeCatalogue([catalogue({ encoding: 'utf-8' }), offers({ encoding: 'utf-8' })], {
      zip: false,
      pictures: PICTURES,
    });
    expect([again.result, againOffers.result]).toEqual(['success', 'success']);
    expect((await productOf(IDS.malta)).id).toBe(malta.id);
    expect(await app.db.query('select id, ext_id from product_variants where ext_id like $1 order by ext_id', [`${IDS.malta}%`])).toEqual(
      before,
    );
    expect(await app.db.query('select product_id from favorites where user_id = $1', [user.id])).toEqual([{ product_id: malta.id }]);

    // Changes only: M of «Мальта» sold out in 1C and its price down; nothing else named, nothing else changes.
    const changed = OFFERS().filter((o) => o.id.endsWith('#e1000002'));
    changed[0].stock = { quantity: 0 };
    changed[0].retail = 5490;
    const coralBefore = await stockOf(app, `${IDS.coral}#e2000002`);
    const version = BigInt(await catalogueVersion());
    const [changes] = await oneC().exchangeCatalogue([offers({ changesOnly: true, offers: changed, version: '2.08' })]);
    expect(changes.result).toBe('success');
    expect(BigInt(await catalogueVersion())).toBe(version + 1n); // the whole package, one bump
    const { response } = await shown([malta.id]);
    expect(response[0]).toMatchObject({ price: 5490, sizes: ['S'] });
    expect(await stockOf(app, `${IDS.coral}#e2000002`)).toBe(coralBefore);
    expect(await stockOf(app, `${IDS.malta}#e1000001`)).toBe(3);

    const [renamed] = await oneC().exchangeCatalogue([
      catalogue({ changesOnly: true, goods: ['coral'], rename: { coral: 'Купальник «Коралл» новый' }, version: '2.08' }),
    ]);
    expect(renamed.result).toBe('success');
    const coral = await productOf(IDS.coral);
    expect((await shown([coral.id])).response[0].name).toBe('Купальник «Коралл» новый');
    expect((await productOf(IDS.lavender)).active).toBe(true); // not named, not hidden
  });

  it('hides (never deletes) goods a full package no longer lists, and shows them again when it does', async () => {
    const lavender = await productOf(IDS.lavender);
    const [full] = await oneC().exchangeCatalogue([catalogue({ goods: ['malta', 'coral', 'towel'] })]);
    expect(full.result).toBe('success');
    expect(await productOf(IDS.lavender)).toMatchObject({ id: lavender.id, active: false, exchange_hidden: 'unlisted' });
    expect((await shown([lavender.id])).excluded).toEqual([lavender.id]);
    const [back] = await oneC().exchangeCatalogue([catalogue()]);
    expect(back.result).toBe('success');
    expect(await productOf(IDS.lavender)).toMatchObject({ id: lavender.id, active: true, exchange_hidden: null });
    const [deleted] = await oneC().exchangeCatalogue([catalogue({ changesOnly: true, goods: ['lavender'], deleted: ['lavender'] })]);
    expect(deleted.result).toBe('success');
    expect(await productOf(IDS.lavender)).toMatchObject({ id: lavender.id, active: false, exchange_hidden: 'deleted' });
    await oneC().exchangeCatalogue([catalogue()]);
  });

  it('refuses garbage and a price type the package lacks with a Russian reason, and leaves the catalogue as it was', async () => {
    const version = await catalogueVersion();
    const products = await app.db.query('select id, name, price, active from products where ext_id is not null order by id');
    const stock = await app.db.query('select ext_id, stock from product_variants order by ext_id');

    const whole = catalogue().bytes;
    const cut = { name: 'import.xml', bytes: whole.subarray(0, Math.floor(whole.length * 0.7)) };
    const [truncated] = await oneC().exchangeCatalogue([cut]);
    expect(truncated.result).toBe('failure');
    expect(truncated.reason).toMatch(/^import\.xml: файл не читается как XML, строка \d+/);

    const [notXml] = await oneC().exchangeCatalogue([{ name: 'offers.xml', bytes: Buffer.from('PK\u0003\u0004 это не XML') }]);
    expect(notXml).toMatchObject({ result: 'failure' });
    expect(notXml.reason).toMatch(/^offers\.xml: /);

    const [html] = await oneC().exchangeCatalogue([
      { name: 'import.xml', bytes: Buffer.from('<html><body>502 Bad Gateway</body></html>') },
    ]);
    expect(html.reason).toBe('import.xml: это не файл CommerceML: нет элемента КоммерческаяИнформация');

    const wrongType = await startApp(backend, {
      DATA_DIR: dataDir,
      EXCHANGE_LOGIN: LOGIN,
      EXCHANGE_PASSWORD: PASSWORD,
      EXCHANGE_PRICE_TYPE: 'Интернет-магазин',
    });
    await wrongType.listen({ port: 0, host: '127.0.0.1' });
    const port = (wrongType.server.address() as { port: number }).port;
    const [priced] = await new StandIn1C(`http://127.0.0.1:${port}`, LOGIN, PASSWORD).exchangeCatalogue([offers()]);
    await wrongType.close();
    expect(priced.result).toBe('failure');
    expect(priced.reason).toBe(
      'offers.xml: тип цен «Интернет-магазин» (настройка EXCHANGE_PRICE_TYPE) не найден в пакете: в нём «Оптовая», «Розничная»',
    );

    expect(await catalogueVersion()).toBe(version);
    expect(await app.db.query('select id, name, price, active from products where ext_id is not null order by id')).toEqual(products);
    expect(await app.db.query('select ext_id, stock from product_variants order by ext_id')).toEqual(stock);
    expect(await app.db.query('select count(*)::int as n from exchange_staged_products')).toEqual([{ n: 0 }]);
  });

  it('runs one import at a time when two 1C sessions import at once, and both end', async () => {
    const results = await Promise.all([oneC().exchangeCatalogue([offers()]), oneC().exchangeCatalogue([offers()])]);
    expect(results.map(([r]) => r.result)).toEqual(['success', 'success']);
    const runs = await app.db.query<{ status: string }>(`select status from exchange_runs where status = 'running'`);
    expect(runs).toEqual([]);
  });

  it('sends orders in windows-1251 once each state, and moves them by 1C’s answer: paid, shipped, cancelled', async () => {
    const s = shopper(app);
    const first = await placePickupOrder(app, s, 6000);
    const second = await placePickupOrder(app, shopper(app), 4500);
    const standIn = oneC();
    const query = await standIn.queryOrders();
    expect(query.headers.get('content-type')).toBe('application/xml; charset=windows-1251');
    expect(query.bytes.subarray(0, 45).toString('latin1')).toBe('<?xml version="1.0" encoding="windows-1251"?>');
    expect(query.text).toContain(`<Номер>${first.number}</Номер>`);
    expect(query.text).toContain(`<Номер>${second.number}</Номер>`);
    expect(query.text).toContain(`<Ид>${first.ext_id}</Ид>`);
    expect(query.text).toContain(`<Наименование>${BUYER.fio}</Наименование>`);
    expect(query.text).toContain('<Сумма>6000.00</Сумма>');
    expect(query.text).toContain('<Наименование>Заказ оплачен</Наименование><Значение>false</Значение>');
    expect(iconv.decode(query.bytes, 'win1251')).toBe(query.text);
    expect((await standIn.ordersTaken()).text).toBe('success\n');
    expect((await oneC().queryOrders()).text).not.toContain(first.number); // taken, unchanged since

    const stockBefore = await stockOf(app, second.ext_id);
    const answer = await oneC().sendOrders(
      ordersBack([
        { number: first.number, guid: first.guid, accountingNumber: 'УТ-000123', paidOn: '2026-11-26T12:30:00' },
        { number: second.number, guid: second.guid, cancelled: true },
        { number: '2026-999999', guid: '00000000-0000-4000-8000-000000000000' },
      ]),
    );
    expect(answer.text).toBe('success\n');
    const status = async (guid: string) =>
      (
        await app.db.query<{ status: string; payment_status: string; accounting_number: string; tracking_number: string }>(
          'select status, payment_status, accounting_number, tracking_number from orders where guid = $1',
          [guid],
        )
      )[0];
    expect(await status(first.guid)).toMatchObject({ status: 'paid', payment_status: 'paid', accounting_number: 'УТ-000123' });
    expect((await status(second.guid)).status).toBe('cancelled');
    expect(await stockOf(app, second.ext_id)).toBe(stockBefore + 1);

    await oneC().sendOrders(
      ordersBack([
        {
          number: first.number,
          guid: first.guid,
          paidOn: '2026-11-26T12:30:00',
          shippedOn: '2026-11-27T09:00:00',
          tracking: 'RA123456789RU',
        },
      ]),
    );
    expect(await status(first.guid)).toMatchObject({ status: 'shipped', tracking_number: 'RA123456789RU' });
    const mails = await mailsTo(app, BUYER.email);
    expect(mails.some((m) => m.body_text.includes('RA123456789RU'))).toBe(true);
    const history = await app.db.query<{ status: string; actor: string }>(
      `select h.status, h.actor from order_status_history h join orders o on o.id = h.order_id where o.guid = $1 order by h.id`,
      [first.guid],
    );
    expect(history.map((h) => `${h.status}:${h.actor}`)).toEqual([
      'new:shopper',
      'paid:accounting',
      'assembling:accounting',
      'shipped:accounting',
    ]);
    const [log] = await app.db.query<{ problems: string[] }>(
      `select problems from exchange_runs where kind = 'sale' and file = 'orders.xml' order by id limit 1`,
    );
    expect(log.problems).toEqual(['orders.xml, строка 5: заказ 2026-999999 в магазине не найден']);
  });

  it('sends an order that does not add up to its total (an old one) with its lines at their own prices', async () => {
    const odd = await placePickupOrder(app, shopper(app), 3000);
    await app.db.query('update orders set total = total + 7 where guid = $1', [odd.guid]);
    const standIn = oneC();
    const query = await standIn.queryOrders();
    expect(query.status).toBe(200);
    const doc = query.text.slice(query.text.indexOf(`<Ид>${odd.guid}</Ид>`));
    expect(doc).toContain(`<Ид>${odd.ext_id}</Ид>`);
    expect(doc).toContain('<ЦенаЗаЕдиницу>3000.00</ЦенаЗаЕдиницу>');
    await standIn.ordersTaken();
  });

  it('shows the staff the log of every exchange, in Russian, newest first', async () => {
    const { staff } = await staffAtDesk(app, STAFF_EMAIL);
    const { status, body } = await staff.call('GET', '/api/manage/exchange');
    expect(status).toBe(200);
    expect(body).toMatchObject({ enabled: true, address: 'https://moreimoda.example/exchange/1c', price_type: 'Розничная' });
    const runs = body.runs as ExchangeRun[];
    expect(runs.map((r) => r.id)).toEqual(runs.map((r) => r.id).sort((a, b) => b - a)); // newest first
    expect(runs.find((r) => r.file === 'orders.xml')).toMatchObject({ kind_name: 'Заказы', status: 'success', status_name: 'успешно' });
    expect(runs[0]).toMatchObject({
      kind_name: 'Заказы',
      file: 'success',
      counts: [{ name: 'заказов принято учётной системой', count: 1 }],
    });
    const refused = runs.find((r) => r.failure?.startsWith('import.xml: файл не читается как XML'));
    expect(refused).toMatchObject({ kind_name: 'Каталог', status: 'failure', status_name: 'ошибка' });
    const first = [...runs].reverse().find((r) => r.file === 'import.xml' && r.status === 'success')!;
    expect(first.changes_only).toBe(false);
    expect(first.counts).toEqual(
      expect.arrayContaining([
        { name: 'товаров прочитано', count: 4 },
        { name: 'товаров добавлено', count: 4 },
      ]),
    );
    expect(first.problems[0]).toMatch(/^import\.xml: группа «Прочее» не соответствует ни одному разделу магазина/);
  });

  it('ships an unpaid order paid on receipt, and takes its payment date later as the hand-over', async () => {
    const cod = await placePickupOrder(app, shopper(app), 3200, { payment_method: 'on_receipt' });
    const card = await placePickupOrder(app, shopper(app), 2100);
    const standIn = oneC();
    const query = await standIn.queryOrders();
    const from = query.text.indexOf(`<Ид>${cod.guid}</Ид>`);
    const requisites = query.text.slice(from, query.text.indexOf('</Документ>', from));
    expect(requisites).toContain('<Наименование>Метод оплаты</Наименование><Значение>Оплата при получении</Значение>');
    expect(requisites).toContain('<Наименование>Сумма к оплате при получении</Наименование><Значение>3450.00</Значение>');
    expect(requisites).toContain('<Наименование>Заказ оплачен</Наименование><Значение>false</Значение>');
    await standIn.ordersTaken();

    const state = async (guid: string) =>
      (
        await app.db.query<{ status: string; payment_status: string }>('select status, payment_status from orders where guid = $1', [guid])
      )[0];
    // 1C ships both: the one paid on receipt leaves unpaid; the card order, unpaid, stays where it was.
    await oneC().sendOrders(
      ordersBack([
        { number: cod.number, guid: cod.guid, shippedOn: '2026-11-27T09:00:00', tracking: '10012345678' },
        { number: card.number, guid: card.guid, shippedOn: '2026-11-27T09:00:00' },
      ]),
    );
    expect(await state(cod.guid)).toEqual({ status: 'shipped', payment_status: 'unpaid' });
    expect(await state(card.guid)).toEqual({ status: 'new', payment_status: 'unpaid' });
    const [log] = await app.db.query<{ problems: string[] }>(
      `select problems from exchange_runs where kind = 'sale' and file = 'orders.xml' order by id desc limit 1`,
    );
    expect(log.problems).toEqual([
      `orders.xml, строка 4: заказ ${card.number}: отгрузка не отмечена: заказ в статусе «Новый», отгрузить можно оплаченный заказ или заказ с оплатой при получении`,
    ]);
    const shippedMail = (await mailsTo(app, BUYER.email)).find((m) => m.body_text.includes('10012345678'));
    expect(shippedMail?.body_text).toContain(`Оплата при получении, наличными или картой: 3${NBSP}450${NBSP}₽`);

    // Its payment date comes later: the money was taken at the hand-over, so the order is received and paid.
    await oneC().sendOrders(
      ordersBack([{ number: cod.number, guid: cod.guid, paidOn: '2026-11-29T15:00:00', shippedOn: '2026-11-27T09:00:00' }]),
    );
    expect(await state(cod.guid)).toEqual({ status: 'received', payment_status: 'paid' });
    const history = await app.db.query<{ status: string; actor: string; comment: string }>(
      `select h.status, h.actor, h.comment from order_status_history h join orders o on o.id = h.order_id where o.guid = $1 order by h.id`,
      [cod.guid],
    );
    expect(history.map((h) => `${h.status}:${h.actor}`)).toEqual([
      'new:shopper',
      'assembling:accounting',
      'shipped:accounting',
      'received:accounting',
    ]);
    expect(history.at(-1)!.comment).toBe(`Оплата по данным учётной системы; оплачено при получении: 3${NBSP}450${NBSP}₽`);
    // The same dates again change nothing.
    await oneC().sendOrders(
      ordersBack([{ number: cod.number, guid: cod.guid, paidOn: '2026-11-29T15:00:00', shippedOn: '2026-11-27T09:00:00' }]),
    );
    expect(
      (await app.db.query('select 1 from order_status_history h join orders o on o.id = h.order_id where o.guid = $1', [cod.guid])).length,
    ).toBe(4);
  });

  it("takes what the buyer kept of an order with fitting from 1C's lines with its payment date; the rest is back in stock", async () => {
    const { s, exts } = await basketOf(app, [3000, 2000, 1000]);
    const placed = await s.call('POST', '/api/v2/order/', {
      buyer: BUYER,
      ...(await city(app, 'Москва')),
      delivery_method: 'courier',
      address: 'ул. Пятницкая, д. 3, кв. 12',
      payment_method: 'on_receipt',
      fitting: true,
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const { guid, number } = placed.body as { guid: string; number: string };
    await oneC().sendOrders(ordersBack([{ number, guid, shippedOn: '2026-11-27T09:00:00' }]));
    // The courier reported: the third thing did not fit. 1C's document lists what was kept, and the delivery.
    await oneC().sendOrders(
      ordersBack([
        {
          number,
          guid,
          shippedOn: '2026-11-27T09:00:00',
          paidOn: '2026-11-28T18:40:00',
          lines: [
            { id: exts[0]!, quantity: 1, price: 3000 },
            { id: exts[1]!, quantity: 1, price: 2000 },
            { id: 'ORDER_DELIVERY', quantity: 1, price: 390 },
          ],
        },
      ]),
    );
    const [order] = await app.db.query<{ status: string; payment_status: string; returned_unpaid: number }>(
      'select status, payment_status, returned_unpaid from orders where guid = $1',
      [guid],
    );
    expect(order).toEqual({ status: 'received', payment_status: 'paid', returned_unpaid: 1000 });
    expect(await stockOf(app, exts[2]!)).toBe(10);
    expect(await stockOf(app, exts[0]!)).toBe(9);
  });

  describe('packages at the edges', () => {
    /** A package file written here, in UTF-8. */
    const pkg = (name: string, body: string, version = '2.05') => ({
      name,
      bytes: Buffer.from(
        `<?xml version="1.0" encoding="UTF-8"?>\n<КоммерческаяИнформация ВерсияСхемы="${version}">${body}</КоммерческаяИнформация>`,
      ),
    });
    const offer = (id: string, extra: string) => `<Предложение><Ид>${id}</Ид>${extra}</Предложение>`;
    const offersFile = (list: string[], opts: { changesOnly?: boolean; version?: string; name?: string } = {}) =>
      pkg(
        opts.name ?? 'offers.xml',
        `<ПакетПредложений СодержитТолькоИзменения="${!!opts.changesOnly}"><ТипыЦен><ТипЦены><Ид>${IDS.retail}</Ид><Наименование>Розничная</Наименование></ТипЦены></ТипыЦен><Предложения>${list.join('')}</Предложения></ПакетПредложений>`,
        opts.version,
      );
    const priced = (price: number) =>
      `<Цены><Цена><ИдТипаЦены>${IDS.retail}</ИдТипаЦены><ЦенаЗаЕдиницу>${price}</ЦенаЗаЕдиницу></Цена></Цены>`;
    const sizeOf = async (ext: string) =>
      (await app.db.query<{ size: string }>('select size from product_variants where ext_id = $1', [ext]))[0].size;

    beforeAll(async () => {
      const [a, b] = await oneC().exchangeCatalogue([catalogue(), offers()], { pictures: PICTURES });
      expect([a.result, b.result]).toEqual(['success', 'success']);
    });

    it('hides nothing on a file with the classifier alone', async () => {
      const groupsOnly = pkg(
        'import.xml',
        `<Классификатор><Ид>c</Ид><Группы><Группа><Ид>${IDS.swim}</Ид><Наименование>Купальники</Наименование></Группа></Группы></Классификатор>`,
      );
      const [r] = await oneC().exchangeCatalogue([groupsOnly]);
      expect(r.result).toBe('success');
      expect(await productOf(IDS.malta)).toMatchObject({ active: true, exchange_hidden: null });
    });

    it('takes a 2.08 catalogue split over files as parts, and hides what none listed when 1C asks (deactivate), unless it held only changes', async () => {
      const standIn = oneC();
      const [part] = await standIn.exchangeCatalogue([catalogue({ goods: ['malta', 'coral'], version: '2.08' })], { keep: true });
      expect(part.result).toBe('success');
      expect(await productOf(IDS.lavender)).toMatchObject({ active: true }); // one file of several is not the whole
      expect((await standIn.call('type=catalog&mode=deactivate')).text).toBe('success\n');
      expect(await productOf(IDS.lavender)).toMatchObject({ active: false, exchange_hidden: 'unlisted' });
      expect((await productOf(IDS.malta)).active).toBe(true);

      const changes = oneC();
      await changes.exchangeCatalogue([catalogue({ goods: ['lavender'], version: '2.08' })], { keep: true });
      expect((await productOf(IDS.lavender)).active).toBe(true);
      const partial = oneC();
      await partial.exchangeCatalogue([catalogue({ goods: ['malta'], changesOnly: true, version: '2.08' })], { keep: true });
      await partial.call('type=catalog&mode=deactivate');
      expect((await productOf(IDS.coral)).active).toBe(true);
      expect((await productOf(IDS.lavender)).active).toBe(true);
    });

    it('prices a product at the lowest of its sizes, counting the sizes a changes-only package left out', async () => {
      const [set] = await oneC().exchangeCatalogue([
        offersFile([offer(`${IDS.coral}#e2000001`, priced(7000)), offer(`${IDS.coral}#e2000002`, priced(8000))], { changesOnly: true }),
      ]);
      expect(set.reason).toContain('стоят по-разному (7000–8000 ₽); магазин продаёт все размеры по 7000 ₽');
      expect((await productOf(IDS.coral)).price).toBe(7000);
      await oneC().exchangeCatalogue([offersFile([offer(`${IDS.coral}#e2000002`, priced(7900))], { changesOnly: true })]);
      expect((await productOf(IDS.coral)).price).toBe(7000);
      await oneC().exchangeCatalogue([
        offersFile([offer(`${IDS.coral}#e2000001`, priced(7490)), offer(`${IDS.coral}#e2000002`, priced(7490))], { changesOnly: true }),
      ]);
      expect((await productOf(IDS.coral)).price).toBe(7490);
    });

    it('keeps a size when an offer names only another characteristic', async () => {
      const colourOnly =
        '<ХарактеристикиТовара><ХарактеристикаТовара><Наименование>Цвет</Наименование><Значение>Чёрный</Значение></ХарактеристикаТовара></ХарактеристикиТовара>';
      const [r] = await oneC().exchangeCatalogue([offersFile([offer(`${IDS.malta}#e1000001`, colourOnly)], { changesOnly: true })]);
      expect(r.result).toBe('success');
      expect(await sizeOf(`${IDS.malta}#e1000001`)).toBe('S');
    });

    it('reports a quantity too big to hold, naming the line, and takes the rest of the package', async () => {
      const [r] = await oneC().exchangeCatalogue([
        offersFile(
          [
            offer(`${IDS.malta}#e1000001`, '<Количество>3000000000</Количество>'),
            offer(`${IDS.malta}#e1000002`, '<Количество>6</Количество>'),
          ],
          {
            changesOnly: true,
          },
        ),
      ]);
      expect(r.result).toBe('success');
      expect(r.reason).toMatch(
        /^offers\.xml, строка \d+: остаток предложения .*#e1000001 \(3000000000\) больше, чем магазин может хранить/,
      );
      expect(await stockOf(app, `${IDS.malta}#e1000002`)).toBe(6);
    });

    it('refuses a file nested far deeper than CommerceML at once', async () => {
      const deep = pkg('import.xml', '<a>'.repeat(50_000) + '</a>'.repeat(50_000));
      const [r] = await oneC().exchangeCatalogue([deep]);
      expect(r.result).toBe('failure');
      expect(r.reason).toMatch(/^import\.xml: вложенность элементов глубже 100, строка 2: это не CommerceML/);
    });

    it('takes a second archive with a file of the same name in one session as new', async () => {
      const standIn = oneC();
      await standIn.checkauth('catalog');
      await standIn.init('catalog');
      await standIn.upload(
        'catalog',
        'a.zip',
        await zipOf({ 'import.xml': catalogue({ changesOnly: true, goods: ['malta'], rename: { malta: 'Первое имя' } }).bytes }),
      );
      expect((await standIn.import('import.xml')).result).toBe('success');
      await standIn.upload(
        'catalog',
        'b.zip',
        await zipOf({ 'import.xml': catalogue({ changesOnly: true, goods: ['malta'], rename: { malta: 'Второе имя' } }).bytes }),
      );
      expect((await standIn.import('import.xml')).result).toBe('success');
      const [row] = await app.db.query<{ name: string }>('select name from products where ext_id = $1', [IDS.malta]);
      expect(row.name).toBe('Второе имя');
      await oneC().exchangeCatalogue([catalogue({ changesOnly: true, goods: ['malta'] })]);
    });

    it('takes a package sent again under the same name as new, whatever time its file carries', async () => {
      // 1C sends import.xml, then (a change made meanwhile) import.xml again in the same session. The second's
      // file time is set in the past, as a coarse clock or a copied file's time can be: no clock decides.
      const standIn = oneC();
      await standIn.checkauth('catalog');
      await standIn.init('catalog');
      const send = async (name: string) => {
        await standIn.upload('catalog', 'import.xml', catalogue({ changesOnly: true, goods: ['malta'], rename: { malta: name } }).bytes);
        const file = path.join(dataDir, 'exchange', standIn.session, 'import.xml');
        utimesSync(file, new Date('2001-01-01T00:00:00Z'), new Date('2001-01-01T00:00:00Z'));
        return standIn.import('import.xml');
      };
      expect(await send('Первое имя')).toMatchObject({ result: 'success' });
      expect(await send('Второе имя')).toMatchObject({ result: 'success' });
      const [row] = await app.db.query<{ name: string }>('select name from products where ext_id = $1', [IDS.malta]);
      expect(row.name).toBe('Второе имя');
      await oneC().exchangeCatalogue([catalogue({ changesOnly: true, goods: ['malta'] })]);
    });

    it('takes back a piece bigger than file_limit whole: nothing of it stays on disk', async () => {
      const standIn = oneC();
      await standIn.checkauth('catalog');
      await standIn.init('catalog');
      const answer = await standIn.call('type=catalog&mode=file&filename=import.xml', Buffer.alloc(standIn.fileLimit + 300_000, 0x20));
      expect(answer.text).toMatch(/^failure\nЧасть файла больше \d+ байт/);
      const file = path.join(dataDir, 'exchange', standIn.session, 'import.xml');
      expect(existsSync(file) ? statSync(file).size : 0).toBe(0);
      const [s] = await app.db.query<{ uploaded: string }>('select uploaded from exchange_sessions where token = $1', [standIn.session]);
      expect(Number(s.uploaded)).toBe(0);
    });

    it('answers a file name too long for the disk, or with a control character, in Russian, and keeps nothing', async () => {
      const standIn = oneC();
      await standIn.checkauth('catalog');
      await standIn.init('catalog');
      for (const name of [`${'а'.repeat(200)}.xml`, 'import\u0001.xml', `import_files/${'x'.repeat(300)}.jpg`]) {
        const answer = await standIn.call(`type=catalog&mode=file&filename=${encodeURIComponent(name)}`, Buffer.from('<x/>'));
        expect([answer.status, answer.text]).toEqual([200, `failure\nНедопустимое имя файла «${name}»`]);
      }
      expect(existsSync(path.join(dataDir, 'exchange', standIn.session))).toBe(false);
    });

    it("holds every session's uploads to one disk cap together, and a session that completes or goes quiet gives its room back", async () => {
      const held = async () =>
        Number((await app.db.query<{ n: string }>('select coalesce(sum(uploaded), 0)::bigint as n from exchange_sessions'))[0].n);
      const first = oneC();
      await first.checkauth('catalog');
      await first.init('catalog');
      const room = DISK_LIMIT_MB * MB - (await held());
      for (let left = room - MB; left > 0; left -= 8 * MB) {
        const piece = Buffer.alloc(Math.min(8 * MB, left), 0x20); // 1C's pieces stay under file_limit
        expect((await first.call('type=catalog&mode=file&filename=big.bin', piece)).text).toBe('success\n');
      }
      // A new session opens no new allowance.
      const second = oneC();
      await second.checkauth('catalog');
      await second.init('catalog');
      const refused = await second.call('type=catalog&mode=file&filename=big.bin', Buffer.alloc(2 * MB, 0x20));
      expect(refused.text).toMatch(/^failure\nФайлы обмена с учётной системой заняли бы больше места/);
      expect(
        existsSync(path.join(dataDir, 'exchange', second.session, 'big.bin'))
          ? statSync(path.join(dataDir, 'exchange', second.session, 'big.bin')).size
          : 0,
      ).toBe(0);
      // The first one done, its room is free again.
      expect((await first.call('type=catalog&mode=complete')).text).toBe('success\n');
      expect((await second.call('type=catalog&mode=file&filename=big.bin', Buffer.alloc(2 * MB, 0x20))).text).toBe('success\n');
      // A session quiet for half an hour was finished or abandoned: the next checkauth forgets it and its files.
      await app.db.query(`update exchange_sessions set used_at = now() - interval '31 minutes' where token = $1`, [second.session]);
      await oneC().checkauth('catalog');
      expect(existsSync(path.join(dataDir, 'exchange', second.session))).toBe(false);
      expect((await second.call('type=catalog&mode=init')).text).toMatch(/^failure\nСеанс обмена не начат или истёк/);
    });

    it('holds the disk cap when two sessions upload at once: one of them gets the room, the other a Russian refusal', async () => {
      const held = async () =>
        Number((await app.db.query<{ n: string }>('select coalesce(sum(uploaded), 0)::bigint as n from exchange_sessions'))[0].n);
      const sessions = [oneC(), oneC()];
      for (const s of sessions) {
        await s.checkauth('catalog');
        await s.init('catalog');
      }
      // Each asks for three fifths of the room left: together they would pass the cap.
      const piece = Math.floor(((DISK_LIMIT_MB * MB - (await held())) * 3) / 5);
      const answers = await Promise.all(
        sessions.map((s) => s.call('type=catalog&mode=file&filename=big.bin', Buffer.alloc(piece, 0x20))), // under file_limit (16 MB)
      );
      expect(answers.map((a) => a.text.split('\n')[0]).sort()).toEqual(['failure', 'success']);
      expect(await held()).toBeLessThanOrEqual(DISK_LIMIT_MB * MB);
      for (const s of sessions) await s.call('type=catalog&mode=complete');
    });

    it('leaves to itself an order that ended before 1C ever took it', async () => {
      await oneC()
        .queryOrders()
        .then((q) => q.text); // whatever waits goes now
      const taker = oneC();
      await taker.queryOrders();
      await taker.ordersTaken();
      const gone = await placePickupOrder(app, shopper(app), 2500);
      await app.db.query(`update orders set status = 'cancelled' where guid = $1`, [gone.guid]);
      const query = await oneC().queryOrders();
      expect(query.text).not.toContain(gone.number);
    });

    it('takes a shipment date of an order already at the pickup point as known, and calls only a cancelled or returned order final', async () => {
      const waiting = await placePickupOrder(app, shopper(app), 3100);
      await app.db.query(`update orders set status = 'ready_for_pickup', payment_status = 'paid' where guid = $1`, [waiting.guid]);
      const received = await placePickupOrder(app, shopper(app), 3200);
      await app.db.query(`update orders set status = 'received', payment_status = 'paid' where guid = $1`, [received.guid]);
      const query = await oneC().queryOrders();
      const docOf = (guid: string) => query.text.slice(query.text.indexOf(`<Ид>${guid}</Ид>`)).split('</Документ>')[0];
      // A received order is a sale the accounting system books, even one it never took before; it may still come back.
      expect(docOf(received.guid)).toContain('<Наименование>Финальный статус</Наименование><Значение>false</Значение>');
      expect(docOf(received.guid)).toContain('<Наименование>Заказ оплачен</Наименование><Значение>true</Значение>');

      await oneC().sendOrders(
        ordersBack([{ number: waiting.number, guid: waiting.guid, paidOn: '2026-11-26T12:30:00', shippedOn: '2026-11-27T09:00:00' }]),
      );
      const [log] = await app.db.query<{ problems: string[] }>(
        `select problems from exchange_runs where kind = 'sale' and file = 'orders.xml' order by id desc limit 1`,
      );
      expect(log.problems).toEqual([]);
      const [row] = await app.db.query<{ status: string }>('select status from orders where guid = $1', [waiting.guid]);
      expect(row.status).toBe('ready_for_pickup');
    });

    it('writes a character windows-1251 has none for as a character reference', async () => {
      const order = await placePickupOrder(app, shopper(app), 2600, { comment: 'Позвоните 📞, Zoë' });
      const query = await oneC().queryOrders();
      expect(query.text).toContain(`<Номер>${order.number}</Номер>`);
      expect(query.text).toContain('Позвоните &#128222;, Zo&#235;');
    });
  });

  it('answers 404 at the address while no login is set', async () => {
    const off = await startApp(backend, { DATA_DIR: dataDir });
    const res = await off.inject({ method: 'GET', url: '/exchange/1c?type=catalog&mode=checkauth' });
    await off.close();
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe('Обмен с учётной системой выключен: задайте EXCHANGE_LOGIN и EXCHANGE_PASSWORD');
  });
});

describe('the exchange settings', () => {
  it('refuses a login without a password, a login with a colon and an encoding 1C cannot read, and reads the rest', () => {
    expect(() => readConfig({ EXCHANGE_LOGIN: 'site' })).toThrow('EXCHANGE_LOGIN and EXCHANGE_PASSWORD are set together or not at all');
    expect(() => readConfig({ EXCHANGE_LOGIN: 'a:b', EXCHANGE_PASSWORD: 'x' })).toThrow(/colon/);
    expect(() => readConfig({ EXCHANGE_LOGIN: 'a', EXCHANGE_PASSWORD: 'x', EXCHANGE_ORDERS_ENCODING: 'koi8-r' })).toThrow(
      'EXCHANGE_ORDERS_ENCODING is not one of windows-1251, utf-8: koi8-r',
    );
    expect(readConfig({}).exchange).toBeNull();
    expect(() => readConfig({ EXCHANGE_LOGIN: 'a', EXCHANGE_PASSWORD: 'x', EXCHANGE_STEP_SECONDS: '30' })).toThrow(
      'EXCHANGE_STEP_SECONDS must be shorter than HTTP_IDLE_TIMEOUT_S',
    );
    expect(
      readConfig({ EXCHANGE_LOGIN: 'a', EXCHANGE_PASSWORD: 'x', EXCHANGE_ORDERS_ENCODING: 'cp1251', EXCHANGE_FILE_LIMIT_MB: '2' }).exchange,
    ).toEqual({
      login: 'a',
      password: 'x',
      priceType: undefined,
      ordersEncoding: 'windows-1251',
      fileLimitBytes: 2 * 1024 * 1024,
      diskLimitBytes: 4096 * 1024 * 1024,
      stepSeconds: 20,
    });
  });
});
