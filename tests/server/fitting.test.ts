// Trying on at the door, on every backend: checkout offers fitting where the method and zone do (Moscow's
// courier), for at most FITTING_ITEMS_MAX goods, refusing otherwise in Russian; at the hand-over the desk records
// what the buyer kept: the rest is a return made at the door (back in stock at once), and an order paid on
// receipt is received and paid for what was kept and the delivery; nothing kept, it is returned and the
// delivery alone is paid.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { mailsTo } from './account-helpers.ts';
import { pay, SYSTEM } from '../../server/orders/lifecycle.ts';
import { orderByGuid } from '../../server/orders/orders-sql.ts';
import { backends, startApp } from './harness.ts';
import { basketOf, BUYER, city, stockOf, type Shopper } from './shop-helpers.ts';
import { deskMoves, staffAtDesk, type StaffAtDesk } from './staff-helpers.ts';

const STAFF_EMAIL = 'courier-desk@moreimoda.test';
const NBSP = '\u00a0';
const ADDRESS = 'ул. Большая Ордынка, д. 21, кв. 7';

describe.each(backends)('fitting at the door on $name', (backend) => {
  let app: FastifyInstance;
  let at: StaffAtDesk;
  beforeAll(async () => {
    app = await startApp(backend, { STAFF_EMAILS: STAFF_EMAIL });
    at = await staffAtDesk(app, STAFF_EMAIL);
  });
  afterAll(() => app?.close());

  const move = (guid: string, action: string, extra: object = {}) => deskMoves(app, at).move(guid, action, extra);

  /** A basket of fresh products at these prices (one of each), with their ext_ids. */
  const basket = (prices: number[], quantity = 1) => basketOf(app, prices, quantity);
  const courierOrder = async (s: Shopper, extra: object) =>
    s.call('POST', '/api/v2/order/', {
      buyer: BUYER,
      ...(await city(app, 'Москва')),
      delivery_method: 'courier',
      address: ADDRESS,
      ...extra,
    });

  it('is offered by the Moscow courier for up to 5 goods, and refused in Russian otherwise', async () => {
    const { s } = await basket([1000]);
    const quoted = await s.call('POST', '/api/v1/cdek_calc/', { city_id: (await city(app, 'Москва')).city_id });
    expect(quoted.body.options.map((o: { method: string; fitting_items_max: number | null }) => [o.method, o.fitting_items_max])).toEqual([
      ['courier', 5],
      ['pickup', null],
    ]);
    const pickup = await s.call('POST', '/api/v2/order/', {
      buyer: BUYER,
      ...(await city(app, 'Москва')),
      delivery_method: 'pickup',
      fitting: true,
    });
    expect([pickup.status, pickup.body.message]).toEqual([400, 'Примерка недоступна для этого способа доставки в выбранный город']);
    const spb = await s.call('POST', '/api/v2/order/', {
      buyer: BUYER,
      ...(await city(app, 'Санкт-Петербург')),
      delivery_method: 'courier',
      address: ADDRESS,
      fitting: true,
    });
    expect(spb.body.message).toBe('Примерка недоступна для этого способа доставки в выбранный город');

    const many = await basket([1000, 1000], 3); // 6 pieces
    const refused = await courierOrder(many.s, { fitting: true });
    expect([refused.status, refused.body.message]).toEqual([400, 'На примерку можно заказать не больше 5 вещей']);
    expect((await courierOrder(s, { fitting: true })).status).toBe(200);
  });

  it('paid on receipt, 3 goods, 2 kept: the third back in stock at once, the order received and paid for 2 and the delivery', async () => {
    const { s, exts } = await basket([3000, 2000, 1000]); // 6000 < 7000: the courier costs 390
    const placed = await courierOrder(s, { payment_method: 'on_receipt', fitting: true });
    expect(placed.body).toMatchObject({ total: 6390, due: 6390 });
    const info = (await s.call('POST', '/api/v1/get_order_info/', { guid: placed.body.guid })).body.order_info;
    expect(info).toMatchObject({ fitting: true, payment_method: 'on_receipt' });
    const confirmation = (await mailsTo(app, BUYER.email)).filter((m) => m.kind === 'order_confirmation').at(-1)!;
    expect(confirmation.body_text).toContain('С примеркой: курьер подождёт, пока вы примеряете вещи');

    await move(placed.body.guid, 'assembling');
    await move(placed.body.guid, 'shipped', { tracking: 'MSK-0001' });
    const stockBefore = await stockOf(app, exts[2]!);
    const notFitting = await move(placed.body.guid, 'received', { kept: [{ ext_id: exts[0], quantity: 2 }] });
    expect([notFitting.status, notFitting.body.message]).toEqual([400, expect.stringContaining('чтобы покупатель его оставил')]);

    const done = await move(placed.body.guid, 'received', {
      kept: [
        { ext_id: exts[0], quantity: 1 },
        { ext_id: exts[1], quantity: 1 },
        { ext_id: exts[2], quantity: 0 },
      ],
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ status: 'received', payment_status: 'paid', money: { due: 5390 } });
    expect(done.body.lines.map((l: { returned: number }) => l.returned)).toEqual([0, 0, 1]);
    expect(done.body.timeline.slice(-2).map((t: { status: string; comment: string }) => [t.status, t.comment])).toEqual([
      ['shipped', expect.stringContaining('Не подошло при примерке')],
      ['received', `оплачено при получении: 5${NBSP}390${NBSP}₽`],
    ]);
    expect(await stockOf(app, exts[2]!)).toBe(stockBefore + 1);
    expect((await s.call('POST', '/api/v1/get_order_info/', { guid: placed.body.guid })).body.order_info).toMatchObject({
      status: 'received',
      payment_status: 'paid',
      due: 5390,
    });
  });

  it('nothing kept: the order comes back whole and the delivery alone is paid at the door', async () => {
    const { s, exts } = await basket([2500, 1500]);
    const placed = await courierOrder(s, { payment_method: 'on_receipt', fitting: true });
    await move(placed.body.guid, 'assembling');
    await move(placed.body.guid, 'shipped', { tracking: 'MSK-0002' });
    const done = await move(placed.body.guid, 'received', { kept: exts.map((ext_id) => ({ ext_id, quantity: 0 })) });
    expect(done.body).toMatchObject({ status: 'returned', payment_status: 'paid', money: { due: 390 }, refunds: [] });
    expect(done.body.timeline.at(-1).comment).toBe(`оплачена доставка при получении: 390${NBSP}₽`);
    for (const ext of exts) expect(await stockOf(app, ext)).toBe(10);
  });

  it('keeps a gift certificate of an order with fitting whatever the buyer tried on: it was mailed, not carried', async () => {
    const { s, exts } = await basket([2500]);
    await s.call('POST', '/api/v2/cart/', { ext_id: 'GC-1000', quantity: 1 });
    const placed = await courierOrder(s, { fitting: true });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    await app.db.transaction(async (tx) =>
      pay(tx, (await orderByGuid(tx, placed.body.guid, true))!, SYSTEM, 'Оплачено: тест', app.config.publicUrl),
    );
    await move(placed.body.guid, 'assembling');
    await move(placed.body.guid, 'shipped', { tracking: 'MSK-0004' });
    const done = await move(placed.body.guid, 'received', { kept: [{ ext_id: exts[0], quantity: 0 }] });
    expect(done.body).toMatchObject({ status: 'received' });
    expect(done.body.lines.map((l: { certificate: boolean; returned: number }) => [l.certificate, l.returned])).toEqual([
      [false, 1],
      [true, 0],
    ]);
  });

  it('refuses a record of what was kept on an order without fitting', async () => {
    const { s, exts } = await basket([2000]);
    const placed = await courierOrder(s, { payment_method: 'on_receipt' });
    await move(placed.body.guid, 'assembling');
    await move(placed.body.guid, 'shipped', { tracking: 'MSK-0003' });
    const refused = await move(placed.body.guid, 'received', { kept: [{ ext_id: exts[0], quantity: 0 }] });
    expect([refused.status, refused.body.message]).toEqual([
      400,
      'В этом заказе нет примерки: вещи, которые покупатель вернул, оформите возвратом',
    ]);
  });
});
