// Payment and gift cards on every backend: the test provider's page and its pay / cancel forms (303s, the
// order paid once, bonus accrual), gift certificates and their data, card balances, paying part or all of
// an order from a card, cards issued and mailed for bought certificates.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { mailsTo } from './account-helpers.ts';
import { backends, startApp } from './harness.ts';
import { BUYER, city, createUser, FORM, key, placePickupOrder, shopper } from './shop-helpers.ts';

const NBSP = '\u00a0';

describe.each(backends)('payment and gift cards on $name', (backend) => {
  let app: FastifyInstance;
  let moscow: { city_id: number; region_id: number };
  beforeAll(async () => {
    app = await startApp(backend);
    moscow = await city(app, 'Москва'); // zone 1: pickup 250, free from 5000
  });
  afterAll(() => app?.close());

  const orderRow = async (guid: string) =>
    (
      await app.db.query<{ id: number; status: string; payment_status: string; gift_card_amount: number; paid_at: Date | null }>(
        'select id, status, payment_status, gift_card_amount, paid_at from orders where guid = $1',
        [guid],
      )
    )[0];
  const historyOf = async (id: number) =>
    (await app.db.query<{ status: string }>('select status from order_status_history where order_id = $1 order by id', [id])).map(
      (h) => h.status,
    );

  it("pays through the test provider's page: 303 to /basket/success, the order paid once", async () => {
    const s = shopper(app);
    const o = await placePickupOrder(app, s, 3000); // + 250 pickup
    const start = await s.call('POST', '/api/v1/order_payment/', { guid: o.guid });
    expect(start.status).toBe(200);
    expect(start.headers['cache-control']).toBe('no-store');
    const url: string = start.body.payment_url;
    expect(url).toMatch(/^\/api\/payments\/test\/[0-9a-f]{32}$/);
    // Asking again while it is pending gives the same payment.
    expect((await s.call('POST', '/api/v1/order_payment/', { guid: o.guid })).body.payment_url).toBe(url);

    const page = await s.call('GET', url);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("form-action 'self'");
    expect(page.raw.body).toContain('<title>Тестовая оплата</title>');
    expect(page.raw.body).toContain(o.number);
    expect(page.raw.body).toContain(`3${NBSP}250${NBSP}₽`);
    expect(page.raw.body).toContain(`<form method="post" action="${url}/pay">`);
    expect(page.raw.body).toContain(`<form method="post" action="${url}/cancel">`);
    expect(page.raw.body).toMatch(/>Оплатить<\/button>/);
    expect(page.raw.body).toMatch(/>Отменить<\/button>/);

    const pay = await s.call('POST', `${url}/pay`, '', FORM);
    expect(pay.status).toBe(303);
    expect(pay.headers.location).toBe(`/basket/success?guid=${o.guid}`);
    const row = await orderRow(o.guid);
    expect(row).toMatchObject({ status: 'paid', payment_status: 'paid' });
    expect(row.paid_at).not.toBeNull();
    expect(await historyOf(row.id)).toEqual(['new', 'paid']);
    const [payment] = await app.db.query<{ status: string; amount: number; confirmed_at: Date | null }>(
      'select status, amount, confirmed_at from payments where order_id = $1',
      [row.id],
    );
    expect(payment).toMatchObject({ status: 'succeeded', amount: 3250 });

    // Paying again changes nothing and still lands on success.
    const again = await s.call('POST', `${url}/pay`, '', FORM);
    expect(again.status).toBe(303);
    expect(again.headers.location).toBe(`/basket/success?guid=${o.guid}`);
    expect(await historyOf(row.id)).toEqual(['new', 'paid']);
    expect((await app.db.query('select 1 from payments where order_id = $1', [row.id])).length).toBe(1);
    const info = await s.call('POST', '/api/v1/get_order_info/', { guid: o.guid });
    expect(info.body.order_info).toMatchObject({ status: 'paid', payment_status: 'paid', due: 3250 });
    expect(info.body.order_info.history.map((h: { status: string }) => h.status)).toEqual(['new', 'paid']);
    // A paid order has nothing left to start a payment for; its page says so.
    const late = await s.call('POST', '/api/v1/order_payment/', { guid: o.guid });
    expect(late.status).toBe(409);
    expect(late.body).toEqual({ message: 'Заказ уже оплачен' });
    expect((await s.call('GET', url)).raw.body).toContain('Заказ уже оплачен.');
  });

  it('cancels at the provider: back to the order page, the order still unpaid', async () => {
    const s = shopper(app);
    const o = await placePickupOrder(app, s, 2000);
    const url: string = (await s.call('POST', '/api/v1/order_payment/', { guid: o.guid })).body.payment_url;
    const cancel = await s.call('POST', `${url}/cancel`, 'x=1', FORM);
    expect(cancel.status).toBe(303);
    expect(cancel.headers.location).toBe(`/basket/delivery/confirm/${o.guid}?payment=abandoned`);
    expect(await orderRow(o.guid)).toMatchObject({ status: 'new', payment_status: 'unpaid' });
    // The cancelled payment is spent: paying it now does not pay the order; a new one can.
    const stale = await s.call('POST', `${url}/pay`, '', FORM);
    expect(stale.headers.location).toBe(`/basket/delivery/confirm/${o.guid}?payment=failed`);
    expect((await orderRow(o.guid)).payment_status).toBe('unpaid');
    // The test page moves no money: nobody is told of money that came late.
    const told = await mailsTo(app, 'manager@moreimoda.ru');
    expect(told.filter((m) => m.kind === 'manager_late_payment' && m.subject.includes(o.number))).toEqual([]);
    const fresh: string = (await s.call('POST', '/api/v1/order_payment/', { guid: o.guid })).body.payment_url;
    expect(fresh).not.toBe(url);
    expect((await s.call('POST', `${fresh}/pay`, '', FORM)).headers.location).toBe(`/basket/success?guid=${o.guid}`);

    expect((await s.call('POST', '/api/v1/order_payment/', { guid: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    expect((await s.call('GET', '/api/payments/test/nope')).status).toBe(404);
    expect((await s.call('POST', '/api/payments/test/0123456789abcdef0123456789abcdef/pay', '', FORM)).status).toBe(404);
  });

  it('accrues 5% of the paid goods in bonus points to a signed-in buyer, expiring in a year', async () => {
    const user = await createUser(app);
    const s = shopper(app, user.token);
    const o = await placePickupOrder(app, s, 8000); // delivery free from 5000
    const url: string = (await s.call('POST', '/api/v1/order_payment/', { guid: o.guid })).body.payment_url;
    await s.call('POST', `${url}/pay`, '', FORM);
    const ledger = await app.db.query<{ kind: string; amount: number; expires_at: Date }>(
      'select kind, amount, expires_at from bonus_ledger where user_id = $1',
      [user.id],
    );
    expect(ledger.map((l) => [l.kind, l.amount])).toEqual([['accrual', 400]]);
    const days = (new Date(ledger[0].expires_at).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(366);
    expect((await s.call('GET', '/api/v1/bonus/')).body.balance).toBe(400);
  });

  it('lists gift certificates and answers one by ext_id (or slug) in `response`', async () => {
    const list = await shopper(app).call('GET', '/api/v1/gift/certificates/');
    expect(list.status).toBe(200);
    expect(list.body.map((c: { ext_id: string }) => c.ext_id)).toEqual(['GC-1000', 'GC-3000', 'GC-5000', 'GC-10000', 'GC-15000']);
    const data = await shopper(app).call('POST', '/api/v1/gift/card/data/', { ext_id: 'GC-5000' });
    expect(data.status).toBe(200);
    expect(data.body).toEqual({
      response: {
        slug: 'podarochnyj-sertifikat-5000',
        ext_id: 'GC-5000',
        name: 'Подарочный сертификат на 5 000 ₽',
        nominal: 5000,
        description: expect.any(String),
        image: '/media/gift/5000.svg',
      },
    });
    expect(
      (await shopper(app).call('POST', '/api/v1/gift/card/data/', { ext_id: 'podarochnyj-sertifikat-3000' })).body.response.nominal,
    ).toBe(3000);
    const missing = await shopper(app).call('POST', '/api/v1/gift/card/data/', { ext_id: 'GC-7' });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Сертификат не найден' });
    expect((await shopper(app).call('POST', '/api/v1/gift/card/data/', {})).status).toBe(400);
  });

  it("checks a gift card's balance and refuses unknown, expired and empty cards", async () => {
    const s = shopper(app);
    const ok = await s.call('POST', '/api/v1/check_card/', { code: ' demo-5000-0001 ' });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ code: 'DEMO-5000-0001', balance: 5000, expires_at: '2027-12-31T20:59:59.000Z' });
    const unknown = await s.call('POST', '/api/v1/check_card/', { code: 'NOPE-0000' });
    expect([unknown.status, unknown.body]).toEqual([404, { message: 'Подарочная карта не найдена' }]);
    const expired = await s.call('POST', '/api/v1/check_card/', { code: 'DEMO-1000-0003' });
    expect([expired.status, expired.body]).toEqual([422, { message: 'Срок действия подарочной карты истёк' }]);
    await app.db.query(
      `insert into gift_cards (code, initial, balance, expires_at) values ('EMPTY-1', 1000, 0, now() + interval '1 year')`,
    );
    const empty = await s.call('POST', '/api/v1/check_card/', { code: 'EMPTY-1' });
    expect([empty.status, empty.body]).toEqual([422, { message: 'На подарочной карте не осталось средств' }]);
  });

  it('pays part of an order from a card, then the rest through the provider', async () => {
    await app.db.query(
      `insert into gift_cards (code, initial, balance, expires_at) values ('PART-1200', 3000, 1200, now() + interval '1 year')`,
    );
    const s = shopper(app);
    const o = await placePickupOrder(app, s, 4000); // + 250
    const staleUrl: string = (await s.call('POST', '/api/v1/order_payment/', { guid: o.guid })).body.payment_url;
    const res = await s.call('POST', '/api/v1/giftcardpayment/', { guid: o.guid, code: 'part-1200' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ paid: 1200, balance: 0, total: 4250, due: 3050, payment_status: 'unpaid' });
    expect(await orderRow(o.guid)).toMatchObject({ payment_status: 'unpaid', gift_card_amount: 1200 });
    const [{ n }] = await app.db.query<{ n: number }>(
      `select count(*)::int as n from gift_card_payments p join gift_cards c on c.id = p.gift_card_id where c.code = 'PART-1200' and p.amount = 1200`,
    );
    expect(n).toBe(1);
    // The empty card cannot pay again; the payment started for the old sum has lapsed.
    expect((await s.call('POST', '/api/v1/giftcardpayment/', { guid: o.guid, code: 'PART-1200' })).status).toBe(422);
    expect((await s.call('GET', staleUrl)).raw.body).toContain('Этот платёж больше не действует.');

    const url: string = (await s.call('POST', '/api/v1/order_payment/', { guid: o.guid })).body.payment_url;
    expect(url).not.toBe(staleUrl);
    expect((await s.call('GET', url)).raw.body).toContain(`3${NBSP}050${NBSP}₽`);
    await s.call('POST', `${url}/pay`, '', FORM);
    const info = (await s.call('POST', '/api/v1/get_order_info/', { guid: o.guid })).body.order_info;
    expect(info).toMatchObject({ payment_status: 'paid', total: 4250, gift_card_amount: 1200, due: 3050 });
  });

  it('pays a whole order from a card (idempotently), which makes it paid', async () => {
    await app.db.query(
      `insert into gift_cards (code, initial, balance, expires_at) values ('WHOLE-10000', 10000, 10000, now() + interval '1 year')`,
    );
    const s = shopper(app);
    const o = await placePickupOrder(app, s, 2500);
    const k = key();
    const res = await s.call('POST', '/api/v1/giftcardpayment/', { guid: o.guid, code: 'WHOLE-10000' }, { 'idempotency-key': k });
    expect(res.body).toEqual({ paid: 2750, balance: 7250, total: 2750, due: 0, payment_status: 'paid' });
    const replay = await s.call('POST', '/api/v1/giftcardpayment/', { guid: o.guid, code: 'WHOLE-10000' }, { 'idempotency-key': k });
    expect(replay.body).toEqual(res.body);
    const row = await orderRow(o.guid);
    expect(row.payment_status).toBe('paid');
    expect(await historyOf(row.id)).toEqual(['new', 'paid']);
    expect((await s.call('POST', '/api/v1/check_card/', { code: 'WHOLE-10000' })).body.balance).toBe(7250);
    const again = await s.call('POST', '/api/v1/giftcardpayment/', { guid: o.guid, code: 'WHOLE-10000' });
    expect([again.status, again.body]).toEqual([409, { message: 'Заказ уже оплачен' }]);
    expect(
      (await s.call('POST', '/api/v1/giftcardpayment/', { guid: '00000000-0000-4000-8000-000000000000', code: 'WHOLE-10000' })).status,
    ).toBe(404);

    // A card named in the order itself pays it as it is placed.
    const o2 = await placePickupOrder(app, shopper(app), 1000, { gift_card: 'WHOLE-10000' });
    expect(o2).toMatchObject({ total: 1250, due: 0 });
    expect((await orderRow(o2.guid)).payment_status).toBe('paid');
  });

  it('issues and mails a gift card for each certificate of a paid order; cards do not pay certificates', async () => {
    await app.db.query(
      `insert into gift_cards (code, initial, balance, expires_at) values ('RICH-1', 50000, 50000, now() + interval '1 year')`,
    );
    const s = shopper(app);
    await s.call('POST', '/api/v2/cart/', { ext_id: 'GC-3000', quantity: 2 });
    const o = (
      await s.call('POST', '/api/v2/order/', {
        buyer: BUYER,
        region_id: moscow.region_id,
        city_id: moscow.city_id,
        delivery_method: 'pickup',
      })
    ).body;
    expect(o.total).toBe(6000);
    const refused = await s.call('POST', '/api/v1/giftcardpayment/', { guid: o.guid, code: 'RICH-1' });
    expect([refused.status, refused.body]).toEqual([422, { message: 'Подарочной картой нельзя оплатить подарочные сертификаты' }]);

    const url: string = (await s.call('POST', '/api/v1/order_payment/', { guid: o.guid })).body.payment_url;
    await s.call('POST', `${url}/pay`, '', FORM);
    const { id } = await orderRow(o.guid);
    const cards = await app.db.query<{ code: string; initial: number; balance: number }>(
      'select code, initial, balance from gift_cards where order_id = $1 order by id',
      [id],
    );
    expect(cards).toHaveLength(2);
    expect(cards.every((c) => /^MM-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/.test(c.code) && c.initial === 3000 && c.balance === 3000)).toBe(
      true,
    );
    const mails = await app.db.query<{ to_addr: string; body_text: string }>(
      `select to_addr, body_text from mail_outbox where kind = 'gift_card' and body_text like '%' || $1 || '%' order by id`,
      [o.number],
    );
    expect(mails.map((m) => m.to_addr)).toEqual([BUYER.email, BUYER.email]);
    expect(mails.map((m) => cards.some((c) => m.body_text.includes(c.code)))).toEqual([true, true]);
    // A bought card pays (goods).
    expect((await s.call('POST', '/api/v1/check_card/', { code: cards[0].code })).body.balance).toBe(3000);
    // Paying twice issues nothing more.
    await s.call('POST', `${url}/pay`, '', FORM);
    expect((await app.db.query('select 1 from gift_cards where order_id = $1', [id])).length).toBe(2);
  });
});
