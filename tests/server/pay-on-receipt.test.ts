// Paying on receipt, on every backend: checkout offers it where the delivery method and zone take it, up to
// their sum and never with a gift certificate, refusing otherwise in Russian; such an order is held without
// the online payment's deadline and refuses online payment; the manager assembles and ships it unpaid from
// the desk (a card order unpaid cannot be), the buyer's mail says what to pay at the door, and the hand-over
// makes it received and paid at once (points accrued); cancelled before it leaves or refused at the door, its
// goods go back on sale; the desk finds orders by how they are paid, and its CSV says it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { expireUnpaidOrders } from '../../server/background/unpaid-orders.ts';
import { mailsTo } from './account-helpers.ts';
import { backends, startApp } from './harness.ts';
import { basketOf, BUYER, city, createUser, placePickupOrder, type Shopper, shopper, stockOf } from './shop-helpers.ts';
import { atDesk, deskMoves, staffAtDesk, type StaffAtDesk } from './staff-helpers.ts';

const STAFF_EMAIL = 'manager@moreimoda.test';
const NBSP = '\u00a0';
const ON_RECEIPT = { payment_method: 'on_receipt' } as const;

describe.each(backends)('paying on receipt on $name', (backend) => {
  let app: FastifyInstance;
  let at: StaffAtDesk;
  beforeAll(async () => {
    app = await startApp(backend, { STAFF_EMAILS: STAFF_EMAIL });
    at = await staffAtDesk(app, STAFF_EMAIL);
  });
  afterAll(() => app?.close());

  const desk = () => atDesk(app, at);
  const orderId = (guid: string) => deskMoves(app, at).orderId(guid);
  const move = (guid: string, action: string, extra: object = {}) => deskMoves(app, at).move(guid, action, extra);
  const info = async (s: Shopper, guid: string) => (await s.call('POST', '/api/v1/get_order_info/', { guid })).body.order_info;

  /** A basket of one fresh product at this price, ready to be ordered by this shopper. */
  const basket = (s: Shopper, price: number) => basketOf(app, [price], 1, s);

  it('is placed where the method and zone take it, and refused in Russian where they do not', async () => {
    const far = shopper(app);
    await basket(far, 3000);
    const yakutsk = await city(app, 'Якутск'); // zone 5: no courier takes money at the door there
    const address = 'ул. Ленина, д. 5, кв. 1';
    let res = await far.call('POST', '/api/v2/order/', { buyer: BUYER, ...yakutsk, delivery_method: 'courier', address, ...ON_RECEIPT });
    expect([res.status, res.body.message]).toEqual([400, 'Оплата при получении недоступна для этого способа доставки в выбранный город']);
    res = await far.call('POST', '/api/v2/order/', { buyer: BUYER, ...yakutsk, delivery_method: 'pickup', ...ON_RECEIPT });
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    const dear = shopper(app);
    await basket(dear, 51000); // Moscow takes payment on receipt up to 50 000 ₽
    res = await dear.call('POST', '/api/v2/order/', {
      buyer: BUYER,
      ...(await city(app, 'Москва')),
      delivery_method: 'pickup',
      ...ON_RECEIPT,
    });
    expect([res.status, res.body.message]).toEqual([400, `Оплата при получении доступна для заказов до 50${NBSP}000${NBSP}₽`]);

    const gift = shopper(app);
    await basket(gift, 2000);
    await gift.call('POST', '/api/v2/cart/', { ext_id: 'GC-1000', quantity: 1 });
    res = await gift.call('POST', '/api/v2/order/', {
      buyer: BUYER,
      ...(await city(app, 'Москва')),
      delivery_method: 'pickup',
      ...ON_RECEIPT,
    });
    expect([res.status, res.body.message]).toEqual([
      400,
      'Подарочный сертификат оплачивается только на сайте: оформите его отдельным заказом или оплатите заказ картой',
    ]);
    expect((await gift.call('GET', '/api/v2/cart/')).body.cart).toHaveLength(2); // the basket is kept
  });

  it('is held without the online deadline, takes no online payment, and says what is paid at the door', async () => {
    const s = shopper(app);
    const o = await placePickupOrder(app, s, 4000, ON_RECEIPT); // 4000 + 250 pickup
    expect(o.due).toBe(4250);
    expect(await info(s, o.guid)).toMatchObject({
      status: 'new',
      payment_status: 'unpaid',
      payment_method: 'on_receipt',
      payment_method_name: 'Оплата при получении (наличными или картой)',
      due: 4250,
      pay_until: null,
    });
    const paying = await s.call('POST', '/api/v1/order_payment/', { guid: o.guid });
    expect([paying.status, paying.body.message]).toEqual([409, 'Этот заказ оплачивается при получении, наличными или картой']);
    const confirmation = (await mailsTo(app, BUYER.email)).filter((m) => m.kind === 'order_confirmation').at(-1)!;
    expect(confirmation.body_text).toContain(`Оплата при получении, наличными или картой: 4${NBSP}250${NBSP}₽`);
    expect(confirmation.body_text).not.toContain('Оплатите заказ до');

    // Its deadline passing cancels nothing: the unpaid orders' pass leaves it to the manager.
    await app.db.query(`update orders set hold_until = now() - interval '1 hour' where guid = $1`, [o.guid]);
    await expireUnpaidOrders(app.db, { provider: app.payments, publicUrl: app.config.publicUrl });
    expect((await info(s, o.guid)).status).toBe('new');
  });

  it('is assembled and shipped unpaid, and received and paid at the hand-over, points accrued', async () => {
    const email = 'cod-buyer@example.ru';
    const user = await createUser(app, { email });
    const s = shopper(app, user.token);
    const o = await placePickupOrder(app, s, 6000, ON_RECEIPT); // free pickup from 5000
    const card = await placePickupOrder(app, shopper(app), 6000);

    let res = await move(card.guid, 'assembling');
    expect([res.status, res.body.message]).toEqual([409, 'Заказ в статусе «Новый» нельзя перевести в статус «Собирается»']);
    expect((await desk().call('GET', `/api/manage/orders/${await orderId(card.guid)}`)).body.actions).toEqual(['cancelled']);

    const opened = await desk().call('GET', `/api/manage/orders/${await orderId(o.guid)}`);
    expect(opened.body).toMatchObject({ payment_method: 'on_receipt', actions: ['assembling', 'cancelled'], money: { due: 6000 } });
    expect((await move(o.guid, 'assembling')).body).toMatchObject({ status: 'assembling', payment_status: 'unpaid' });
    res = await move(o.guid, 'shipped', { tracking: '1099887766' });
    expect(res.body).toMatchObject({ status: 'shipped', payment_status: 'unpaid', actions: ['ready_for_pickup', 'received', 'returned'] });
    const shipped = (await mailsTo(app, email)).find((m) => m.subject.startsWith('Заказ отправлен'))!;
    expect(shipped.body_text).toContain(`Оплата при получении, наличными или картой: 6${NBSP}000${NBSP}₽`);
    expect(shipped.body_text).toContain('1099887766');

    const points = async () =>
      (await app.db.query<{ n: number }>('select coalesce(sum(amount), 0)::int as n from bonus_ledger where user_id = $1', [user.id]))[0].n;
    expect(await points()).toBe(0);
    res = await move(o.guid, 'received');
    expect(res.body).toMatchObject({ status: 'received', payment_status: 'paid', payment_status_name: 'Оплачен', money: { due: 6000 } });
    expect(res.body.timeline.at(-1)).toMatchObject({ status: 'received', comment: `оплачено при получении: 6${NBSP}000${NBSP}₽` });
    expect(res.body.closing_receipt).toBeNull(); // the money was taken at the door, not through the bank
    expect(await points()).toBeGreaterThan(0);
    const received = (await mailsTo(app, email)).find((m) => m.subject.startsWith('Заказ получен'))!;
    expect(received.body_text).toContain(`Оплачено при получении: 6${NBSP}000${NBSP}₽`);
    expect((await info(s, o.guid)).payment_status).toBe('paid');
  });

  it('goes back on sale when cancelled before it leaves or refused at the door, nothing to refund', async () => {
    const cancelled = await placePickupOrder(app, shopper(app), 3000, ON_RECEIPT);
    await move(cancelled.guid, 'assembling');
    const before = await stockOf(app, cancelled.ext_id);
    expect((await move(cancelled.guid, 'cancelled', { reason: 'Покупатель передумал по телефону' })).body.status).toBe('cancelled');
    expect(await stockOf(app, cancelled.ext_id)).toBe(before + 1);

    const refused = await placePickupOrder(app, shopper(app), 3000, ON_RECEIPT);
    await move(refused.guid, 'assembling');
    await move(refused.guid, 'shipped', { tracking: '1000000001' });
    const onTheWay = await move(refused.guid, 'cancelled', { reason: 'поздно' });
    expect(onTheWay.body.message).toBe('Заказ в статусе «Передан в доставку» нельзя перевести в статус «Отменён»');
    const back = await move(refused.guid, 'returned', { reason: 'Покупатель отказался при получении' });
    expect(back.body).toMatchObject({ status: 'returned', payment_status: 'unpaid', refunds: [] });
    expect(await stockOf(app, refused.ext_id)).toBe(10);
  });

  it('is found on the desk by how it is paid, and the CSV says it', async () => {
    const cod = await placePickupOrder(app, shopper(app), 2500, ON_RECEIPT);
    const card = await placePickupOrder(app, shopper(app), 2500);
    const list = await desk().call('GET', '/api/manage/orders?payment=on_receipt');
    const numbers = (list.body.results as { number: string; payment_method: string }[]).map((r) => r.number);
    expect(numbers).toContain(cod.number);
    expect(numbers).not.toContain(card.number);
    expect((list.body.results as { payment_method: string }[]).every((r) => r.payment_method === 'on_receipt')).toBe(true);
    expect((await desk().call('GET', '/api/manage/orders?payment=cash')).status).toBe(400);

    const csv = await desk().call('GET', '/api/manage/orders.csv?payment=on_receipt');
    expect(csv.status).toBe(200);
    const [header, ...rows] = csv.raw.body.replace(/^\ufeff/, '').split('\r\n');
    expect(header.split(';')).toContain('Способ оплаты');
    expect(rows.find((r) => r.startsWith(cod.number))).toContain('Оплата при получении (наличными или картой)');
  });
});
