// Delivery by CDEK under the shop's contract, on every backend, against the stand-in CDEK (tests/support/
// cdek-standin.ts, which refuses what CDEK's API refuses): checkout prices by CDEK's calculator and lists a
// city's pickup points; an order paid on receipt at a point is registered with CDEK once assembled, with the
// recipient, the point, each item's price, VAT and sum to collect, and the delivery to collect; its label is
// CDEK's PDF; CDEK's status webhooks move it (shipped, at the point, received and paid). Each failure of the
// carrier (no answer, an answer lost, a 5xx, an expired token, a refused order) leaves the order where it was
// with the reason on the desk, and the next try registers it, once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { mailsTo } from './account-helpers.ts';
import { backends, startApp } from './harness.ts';
import { basketOf, BUYER, city, type Shopper } from './shop-helpers.ts';
import { atDesk, deskMoves, staffAtDesk, type StaffAtDesk } from './staff-helpers.ts';
import { cdekEnv, startCdek, SHIPMENT_POINT, type CdekStandIn } from '../support/cdek-standin.ts';
import { carrierOf, ensureWebhook } from '../../server/carrier/public.ts';
import { pay, SYSTEM } from '../../server/orders/lifecycle.ts';
import { orderByGuid } from '../../server/orders/orders-sql.ts';

const STAFF_EMAIL = 'cdek-desk@moreimoda.test';
const SECRET = 'cdek-hook-secret-of-the-test';
const NBSP = '\u00a0';

describe.each(backends)('delivery by CDEK on $name', (backend) => {
  let app: FastifyInstance;
  let cdek: CdekStandIn;
  let at: StaffAtDesk;
  let hook: string;
  beforeAll(async () => {
    cdek = await startCdek();
    app = await startApp(backend, {
      ...cdekEnv(cdek.url),
      CDEK_WEBHOOK_SECRET: SECRET,
      CDEK_TIMEOUT_S: '1',
      VAT_RATE: '22',
      STAFF_EMAILS: STAFF_EMAIL,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    hook = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/carrier/cdek/${SECRET}`;
    await ensureWebhook(carrierOf(app)!, hook);
    at = await staffAtDesk(app, STAFF_EMAIL);
  });
  afterAll(async () => {
    await app?.close();
    await cdek?.close();
  });

  const desk = () => atDesk(app, at);
  const orderId = (guid: string) => deskMoves(app, at).orderId(guid);
  const move = (guid: string, action: string, extra: object = {}) => deskMoves(app, at).move(guid, action, extra);
  const info = async (s: Shopper, guid: string) => (await s.call('POST', '/api/v1/get_order_info/', { guid })).body.order_info;
  const cdekOrderOf = (number: string) => [...cdek.orders.values()].filter((o) => o.number === number);

  /** A basket of one fresh product at this price. */
  const basket = async (price: number) => (await basketOf(app, [price])).s;
  const kazanOrder = async (s: Shopper, extra: object) =>
    s.call('POST', '/api/v2/order/', { buyer: BUYER, ...(await city(app, 'Казань')), delivery_method: 'pickup', ...extra });

  it("prices by CDEK's calculator and lists the city's pickup points and lockers", async () => {
    const s = await basket(3000);
    const kazan = await city(app, 'Казань');
    const quoted = await s.call('POST', '/api/v1/cdek_calc/', { city_id: kazan.city_id });
    // One swimsuit... here a garment of 600 g packed (the default parcel of its root): 1 kg at CDEK's rates.
    expect(quoted.body.options).toEqual([
      expect.objectContaining({ method: 'courier', price: 511, days_min: 3, days_max: 5, carrier: 'cdek' }),
      expect.objectContaining({ method: 'pickup', price: 401, days_min: 3, days_max: 4, carrier: 'cdek', pay_on_receipt_upto: 30000 }),
    ]);
    const points = await s.call('POST', '/api/v1/pickup_points/', { city_id: kazan.city_id });
    expect(points.body.points.map((p: { code: string; type: string }) => `${p.code} ${p.type}`)).toEqual([
      'KZN14 PVZ',
      'KZN31 PVZ',
      'KZN52 PVZ',
      'KZN77 POSTAMAT',
    ]);
    expect(points.body.points[1]).toMatchObject({
      name: 'На Пушкина',
      address: 'Казань, ул. Пушкина, 17',
      metro: 'Площадь Тукая',
      cash_on_delivery: true,
    });
  });

  it('places an order paid on receipt only at a point of the city that takes cash', async () => {
    const s = await basket(2000);
    let res = await kazanOrder(s, { payment_method: 'on_receipt' });
    expect([res.status, res.body.message]).toEqual([400, 'Выберите пункт выдачи из списка']);
    res = await kazanOrder(s, { payment_method: 'on_receipt', pickup_point: 'MSK510' });
    expect(res.body.message).toBe('Такого пункта выдачи в выбранном городе нет: выберите пункт из списка');
    res = await kazanOrder(s, { payment_method: 'on_receipt', pickup_point: 'KZN52' });
    expect(res.body.message).toBe('В этом пункте выдачи нельзя оплатить при получении: выберите другой пункт или оплату картой');
    res = await kazanOrder(s, { payment_method: 'on_receipt', pickup_point: 'KZN31' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await info(s, res.body.guid)).pickup_point).toEqual({ code: 'KZN31', name: 'На Пушкина', address: 'Казань, ул. Пушкина, 17' });
  });

  it('registers the assembled order with CDEK as CDEK asks, prints its label, and moves it by its webhooks', async () => {
    const s = await basket(4000);
    const placed = await kazanOrder(s, { payment_method: 'on_receipt', pickup_point: 'KZN31' });
    const { guid, number, total } = placed.body as { guid: string; number: string; total: number };
    expect(total).toBe(4401);
    const assembled = await move(guid, 'assembling');
    expect(assembled.body).toMatchObject({ status: 'assembling', shipment: { carrier: 'СДЭК', registered: true, last_error: null } });
    const [held] = cdekOrderOf(number);
    expect(held!.request).toMatchObject({
      type: 1,
      number,
      tariff_code: 136,
      shipment_point: SHIPMENT_POINT,
      delivery_point: 'KZN31',
      recipient: { name: BUYER.fio, email: BUYER.email, phones: [{ number: '+79251234567' }] },
      delivery_recipient_cost: { value: 401, vat_rate: 22, vat_sum: 72.31 },
      packages: [
        {
          number: '1',
          items: [{ ware_key: '1', amount: 1, cost: 4000, payment: { value: 4000, vat_rate: 22, vat_sum: 721.31 } }],
        },
      ],
    });
    const cdekNumber = assembled.body.shipment.number as string;
    expect(cdekNumber).toBe(held!.cdek_number);

    const label = await desk().call('GET', `/api/manage/orders/${await orderId(guid)}/label.pdf`);
    expect(label.status).toBe(200);
    expect(label.headers['content-type']).toBe('application/pdf');
    expect(label.raw.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    await cdek.report(cdekNumber, 'RECEIVED_AT_SHIPMENT_WAREHOUSE');
    expect(await info(s, guid)).toMatchObject({ status: 'shipped', tracking_number: cdekNumber });
    await cdek.report(cdekNumber, 'ACCEPTED_AT_PICK_UP_POINT');
    expect((await info(s, guid)).status).toBe('ready_for_pickup');
    await cdek.report(cdekNumber, 'DELIVERED');
    expect(await info(s, guid)).toMatchObject({ status: 'received', payment_status: 'paid' });
    expect(cdek.webhookAnswers.filter((a) => a.url === hook).map((a) => a.status)).toEqual([200, 200, 200]);

    const subjects = (await mailsTo(app, BUYER.email)).filter((m) => m.body_text.includes(guid)).map((m) => m.subject.split(':')[0]);
    expect(subjects).toEqual([`Заказ ${number} принят — Море и Мода`, 'Заказ отправлен', 'Заказ ждёт вас', 'Заказ получен']);
    const atPoint = (await mailsTo(app, BUYER.email)).find((m) => m.subject.startsWith('Заказ ждёт вас') && m.body_text.includes(guid))!;
    expect(atPoint.body_text).toContain(`Оплата при получении, наличными или картой: 4${NBSP}401${NBSP}₽`);
    const timeline = (await desk().call('GET', `/api/manage/orders/${await orderId(guid)}`)).body.timeline as {
      who: string;
      status: string;
    }[];
    expect(timeline.slice(-3).map((t) => `${t.status}:${t.who}`)).toEqual([
      'shipped:Служба доставки',
      'ready_for_pickup:Служба доставки',
      'received:Служба доставки',
    ]);
  });

  it("takes what the buyer kept at a fitting from CDEK's partial delivery: paid for that, the rest back on sale", async () => {
    const { s, exts } = await basketOf(app, [3000, 2000]);
    const placed = await s.call('POST', '/api/v2/order/', {
      buyer: BUYER,
      ...(await city(app, 'Москва')),
      delivery_method: 'courier',
      address: 'ул. Большая Ордынка, д. 21, кв. 7',
      payment_method: 'on_receipt',
      fitting: true,
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const { guid, number, total } = placed.body as { guid: string; number: string; total: number };
    const assembled = await move(guid, 'assembling');
    const [held] = cdekOrderOf(number);
    expect(held!.request).toMatchObject({
      tariff_code: 137,
      to_location: { code: 44 },
      services: [{ code: 'TRYING_ON' }, { code: 'PART_DELIV' }],
    });
    const items = (held!.request.packages as { items: { ware_key: string; cost: number }[] }[])[0]!.items;
    const cheaper = items.find((i) => i.cost === 2000)!;
    const cdekNumber = assembled.body.shipment.number as string;
    await cdek.report(cdekNumber, 'RECEIVED_AT_SHIPMENT_WAREHOUSE');
    await cdek.report(cdekNumber, 'TAKEN_BY_COURIER');
    // The buyer kept the dearer one: CDEK delivered part of the order.
    await cdek.report(cdekNumber, 'DELIVERED', {
      reason: '20',
      delivered: Object.fromEntries(items.map((i) => [i.ware_key, i === cheaper ? 0 : 1])),
    });
    expect(await info(s, guid)).toMatchObject({ status: 'received', payment_status: 'paid', due: total - 2000 });
    const returned = await app.db.query<{ ext_id: string; returned: number }>(
      'select i.ext_id, i.returned from order_items i join orders o on o.id = i.order_id where o.guid = $1 order by i.id',
      [guid],
    );
    expect(returned).toEqual([
      { ext_id: exts[0], returned: 0 },
      { ext_id: exts[1], returned: 1 },
    ]);
  });

  it('keeps an order CDEK did not answer, answered 5xx or refused where it was, says why on the desk, and registers it on the next try', async () => {
    const s = await basket(2500);
    const { guid, number } = (await kazanOrder(s, { payment_method: 'on_receipt', pickup_point: 'KZN14' })).body as {
      guid: string;
      number: string;
    };
    const retry = async () => desk().call('POST', `/api/manage/orders/${await orderId(guid)}/shipment`);

    cdek.failNext('/orders', 'timeout');
    let res = await move(guid, 'assembling');
    expect(res.body).toMatchObject({
      status: 'assembling',
      shipment: { registered: false, last_error: 'СДЭК не отвечает (нет ответа за 1 с): попробуем ещё раз' },
    });
    cdek.failNext('/orders', '500');
    res = await retry();
    expect(res.body.shipment).toMatchObject({ registered: false, last_error: 'СДЭК не отвечает (HTTP 500): попробуем ещё раз' });
    cdek.refuseNextOrder('Пункт выдачи временно не принимает посылки');
    res = await retry();
    expect(res.body.shipment).toMatchObject({ registered: false, last_error: 'СДЭК отказал: Пункт выдачи временно не принимает посылки' });
    expect(res.body.status).toBe('assembling');
    res = await retry();
    expect(res.body.shipment).toMatchObject({ registered: true, last_error: null });
    // One order at CDEK that counts: the refused one and this.
    expect(cdekOrderOf(number).map((o) => o.state)).toEqual(['INVALID', 'SUCCESSFUL']);
  });

  it('finds an order whose registration answer was lost by its number, and registers it once', async () => {
    const s = await basket(1800);
    const { guid, number } = (await kazanOrder(s, { payment_method: 'on_receipt', pickup_point: 'KZN14' })).body as {
      guid: string;
      number: string;
    };
    cdek.loseNextOrderAnswer();
    const first = await move(guid, 'assembling');
    expect(first.body.shipment).toMatchObject({ registered: false, last_error: 'СДЭК не отвечает (нет ответа за 1 с): попробуем ещё раз' });
    const again = await desk().call('POST', `/api/manage/orders/${await orderId(guid)}/shipment`);
    expect(again.body.shipment).toMatchObject({ registered: true });
    expect(cdekOrderOf(number)).toHaveLength(1);
  });

  it('takes a new token when CDEK says the one it gave has expired', async () => {
    const s = await basket(1500);
    const { guid } = (await kazanOrder(s, { payment_method: 'on_receipt', pickup_point: 'KZN14' })).body as { guid: string };
    const tokens = cdek.tokens();
    cdek.expireTokens();
    const res = await move(guid, 'assembling');
    expect(res.body.shipment).toMatchObject({ registered: true });
    expect(cdek.tokens()).toBe(tokens + 1);
  });

  it('delivers by the tariff table where CDEK does not know the city, no point to choose; refuses a gift card with its cash on delivery', async () => {
    const s = await basket(2000);
    const far = await s.call('POST', '/api/v2/order/', { buyer: BUYER, ...(await city(app, 'Якутск')), delivery_method: 'pickup' });
    expect(far.status, JSON.stringify(far.body)).toBe(200);
    expect((await info(s, far.body.guid)).pickup_point).toBeNull();

    const other = await basket(2000);
    const withCard = await kazanOrder(other, { payment_method: 'on_receipt', pickup_point: 'KZN31', gift_card: 'DEMO-5000-0001' });
    expect([withCard.status, withCard.body.message]).toEqual([
      400,
      'Подарочной картой нельзя оплатить часть заказа, который оплачивается при получении в СДЭК: оплатите его целиком при получении или картой на сайте',
    ]);
  });

  it("sends a parcel for a locker by CDEK's locker tariff", async () => {
    const s = await basket(1900);
    const { guid, number } = (await kazanOrder(s, { pickup_point: 'KZN77' })).body as { guid: string; number: string };
    await app.db.transaction(async (tx) => pay(tx, (await orderByGuid(tx, guid, true))!, SYSTEM, 'Оплачено: тест', app.config.publicUrl));
    expect((await move(guid, 'assembling')).body.shipment).toMatchObject({ registered: true });
    expect(cdekOrderOf(number)[0]!.request).toMatchObject({ tariff_code: 368, delivery_point: 'KZN77' });
  });

  it('withdraws from CDEK the shipment of an order cancelled before its parcel was handed in', async () => {
    const s = await basket(1600);
    const { guid, number } = (await kazanOrder(s, { payment_method: 'on_receipt', pickup_point: 'KZN14' })).body as {
      guid: string;
      number: string;
    };
    expect((await move(guid, 'assembling')).body.shipment).toMatchObject({ registered: true });
    const cancelled = await move(guid, 'cancelled', { reason: 'Покупатель передумал' });
    expect(cancelled.body).toMatchObject({ status: 'cancelled', shipment: { withdrawn: true, last_error: null } });
    expect(cdekOrderOf(number)[0]!.statuses.map((st) => st.code)).toEqual(['CREATED', 'REMOVED']);
  });

  it('never registers an order cancelled while its registration waited', async () => {
    const s = await basket(1700);
    const { guid, number } = (await kazanOrder(s, { payment_method: 'on_receipt', pickup_point: 'KZN14' })).body as {
      guid: string;
      number: string;
    };
    cdek.failNext('/orders', '500');
    expect((await move(guid, 'assembling')).body.shipment).toMatchObject({ registered: false });
    expect((await move(guid, 'cancelled', { reason: 'Покупатель передумал' })).body.status).toBe('cancelled');
    const again = await desk().call('POST', `/api/manage/orders/${await orderId(guid)}/shipment`);
    expect(again.body.shipment).toMatchObject({ registered: false });
    expect(cdekOrderOf(number)).toHaveLength(0);
  });

  it("answers CDEK's webhook only at the shop's secret, and 200 for an order it does not know", async () => {
    const body = {
      type: 'ORDER_STATUS',
      uuid: '00000000-0000-4000-8000-000000000000',
      attributes: { cdek_number: '1', code: 'DELIVERED' },
    };
    const wrong = await app.inject({ method: 'POST', url: '/api/carrier/cdek/not-the-secret', payload: body });
    expect(wrong.statusCode).toBe(404);
    const unknown = await app.inject({ method: 'POST', url: `/api/carrier/cdek/${SECRET}`, payload: body });
    expect([unknown.statusCode, unknown.body]).toEqual([200, 'OK']);
  });
});
