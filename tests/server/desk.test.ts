// The manager's desk API (/api/manage/), on every backend: every staff entry of the endpoint table refuses
// everyone but a staff member at an open desk (generated from the table: 401 to nobody signed in, 403 to a shopper, whatever the
// call's input); a manager finds an order by the buyer's phone, moves it through the lifecycle (a tracking
// number to ship, a reason to cancel) and the buyer's order page shows it; a paid order cancelled from the
// desk gets its money back at once; the orders go out as a CSV file Excel opens in Russian.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { EVENTS_MESSAGES } from '../../server/desk/events.ts';
import { endpointPath } from '../../common/endpoints.ts';
import { ENDPOINT_LIST } from '../../common/endpoint-list.ts';
import { ROUTES } from '../../common/routes.ts';
import { STAFF_MESSAGES } from '../../server/http/identity.ts';
import { LIFECYCLE_MESSAGES } from '../../server/orders/lifecycle.ts';
import { DAY } from '../../common/contract/manage.ts';
import { startSberbank, sberbankEnv, type SberbankStandIn } from '../support/sberbank-bank.ts';
import { backends, oneBackend, startApp } from './harness.ts';
import { BUYER, createUser, placePickupOrder, shopper, stockOf } from './shop-helpers.ts';
import { atDesk, staffAtDesk, type StaffAtDesk } from './staff-helpers.ts';

const STAFF_EMAIL = 'manager@moreimoda.test';

describe.each(backends)('the manager desk on $name', (backend) => {
  let app: FastifyInstance;
  let bank: SberbankStandIn;
  let at: StaffAtDesk;
  beforeAll(async () => {
    bank = await startSberbank();
    app = await startApp(backend, { ...sberbankEnv(bank.url), STAFF_EMAILS: `Other@moreimoda.test, ${STAFF_EMAIL.toUpperCase()}` });
    at = await staffAtDesk(app, STAFF_EMAIL);
  });
  afterAll(async () => {
    await app?.close();
    await bank?.close();
  });
  const staff = () => atDesk(app, at);
  // Who may call the desk is decided before any SQL: on one engine (oneBackend). The orders' moves run on both engines.
  const engineFree = backend === oneBackend[0];

  it.runIf(engineFree)('refuses every staff call to anyone but the staff, before looking at what it was sent', async () => {
    const staffEntries = ENDPOINT_LIST.filter((e) => e.access === 'staff');
    expect(staffEntries.length).toBeGreaterThanOrEqual(6);
    const buyer = await createUser(app);
    for (const e of staffEntries) {
      const url = `/api${endpointPath(e.path, { id: '1', '*': 'x' } as never)}`;
      const body = e.method === 'GET' ? undefined : { action: 'cancelled', reason: 'x', note: 'x' };
      const anonymous = await shopper(app).call(e.method, url, body);
      expect([e.path, anonymous.status, anonymous.body.message]).toEqual([e.path, 401, STAFF_MESSAGES.signIn]);
      expect(anonymous.headers['cache-control']).toBe('no-store');
      const shopperCall = await shopper(app, buyer.token).call(e.method, url, body);
      expect([e.path, shopperCall.status, shopperCall.body.message]).toEqual([e.path, 403, STAFF_MESSAGES.notStaff]);
      // A token that no longer works is nobody.
      const stale = await shopper(app, 'f'.repeat(40)).call(e.method, url, body);
      expect([e.path, stale.status]).toEqual([e.path, 401]);
    }
    expect((await staff().call('GET', '/api/manage/me')).body).toEqual({ email: STAFF_EMAIL });
  });

  it.runIf(engineFree)(
    "answers the desk's pages 401 to nobody signed in and 403 to a shopper, never to be kept; the staff get them",
    async () => {
      const pages = ROUTES.filter((r) => r.staff);
      expect(pages.map((r) => r.name)).toEqual(['manage', 'manage-order', 'manage-exchange']);
      const buyer = await createUser(app);
      for (const r of pages) {
        const path = r.pattern.replace(':pk', '1');
        const as = async (caller = shopper(app)) => {
          const res = await caller.call('GET', path, undefined, { accept: 'text/html' });
          return [path, res.status, res.headers['cache-control']];
        };
        expect(await as()).toEqual([path, 401, 'private, no-store']);
        expect(await as(shopper(app, buyer.token))).toEqual([path, 403, 'private, no-store']);
        expect(await as(shopper(app, at.token))).toEqual([path, 403, 'private, no-store']); // signed in, the desk not opened
        expect(await as(staff())).toEqual([path, 200, 'private, no-store']);
      }
    },
  );

  it('finds an order by the phone however it is typed, moves it to the buyer, and the buyer sees the tracking number', async () => {
    const s = shopper(app);
    const o = await placePickupOrder(app, s, 2100, { buyer: { ...BUYER, phone: '+7(916)-555-12-34' } });
    const found = await staff().call('GET', `/api/manage/orders?q=${encodeURIComponent('8 916 555 1234')}`);
    expect(found.status).toBe(200);
    expect(found.body.results.map((r: { number: string }) => r.number)).toEqual([o.number]);
    expect(found.body.counts.find((c: { status: string }) => c.status === 'new').count).toBe(1);
    expect((await staff().call('GET', `/api/manage/orders?q=${o.number}&status=paid`)).body.count).toBe(0);
    expect((await staff().call('GET', '/api/manage/orders?from=26.11.2026')).body.message).toBe(DAY.message);

    // Paid at the bank, then worked from the desk.
    const formUrl: string = (await s.call('POST', '/api/v1/order_payment/', { guid: o.guid })).body.payment_url;
    bank.setPaid(new URL(formUrl).searchParams.get('mdOrder')!);
    await s.call(
      'GET',
      `/api/payments/sberbank/return?payment=${bank.orders.get(new URL(formUrl).searchParams.get('mdOrder')!)!.orderNumber}`,
    );
    const id = found.body.results[0].id as number;
    let order = (await staff().call('GET', `/api/manage/orders/${id}`)).body;
    expect([order.status, order.actions]).toEqual(['paid', ['assembling', 'cancelled']]);
    order = (await staff().call('POST', `/api/manage/orders/${id}/action`, { action: 'assembling' })).body;
    expect(order.actions).toEqual(['shipped', 'ready_for_pickup', 'cancelled']);
    const noTracking = await staff().call('POST', `/api/manage/orders/${id}/action`, { action: 'shipped' });
    expect([noTracking.status, noTracking.body.message]).toEqual([400, LIFECYCLE_MESSAGES.trackingNeeded]);
    order = (await staff().call('POST', `/api/manage/orders/${id}/action`, { action: 'shipped', tracking: 'CDEK-1234567' })).body;
    expect([order.status_name, order.delivery.tracking_number]).toEqual(['Передан в доставку', 'CDEK-1234567']);
    expect(order.timeline.map((t: { status: string; who: string }) => [t.status, t.who])).toEqual([
      ['new', 'Покупатель'],
      ['paid', 'Магазин'],
      ['assembling', STAFF_EMAIL],
      ['shipped', STAFF_EMAIL],
    ]);
    // A move the lifecycle does not allow is refused in Russian.
    const back = await staff().call('POST', `/api/manage/orders/${id}/action`, { action: 'assembling' });
    expect([back.status, back.body.message]).toEqual([409, 'Заказ в статусе «Передан в доставку» нельзя перевести в статус «Собирается»']);

    const info = (await s.call('POST', '/api/v1/get_order_info/', { guid: o.guid })).body.order_info;
    expect([info.status_name, info.tracking_number]).toEqual(['Передан в доставку', 'CDEK-1234567']);

    // The manager's note stays on the order, and the buyer never sees it.
    order = (await staff().call('PUT', `/api/manage/orders/${id}/note`, { note: 'Просила позвонить после 18:00' })).body;
    expect(order.note).toBe('Просила позвонить после 18:00');
    expect(JSON.stringify((await s.call('POST', '/api/v1/get_order_info/', { guid: o.guid })).body)).not.toContain('после 18:00');
  });

  it('a paid order cancelled from the desk needs a reason, and gets its money back with a refund receipt at once; its goods are back', async () => {
    const s = shopper(app);
    const o = await placePickupOrder(app, s, 1500);
    const before = await stockOf(app, o.ext_id);
    const formUrl: string = (await s.call('POST', '/api/v1/order_payment/', { guid: o.guid })).body.payment_url;
    const bankOrder = bank.orders.get(new URL(formUrl).searchParams.get('mdOrder')!)!;
    bank.setPaid(bankOrder.orderId);
    await s.call('GET', `/api/payments/sberbank/return?payment=${bankOrder.orderNumber}`);
    const id = (await staff().call('GET', `/api/manage/orders?q=${o.number}`)).body.results[0].id as number;
    const noReason = await staff().call('POST', `/api/manage/orders/${id}/action`, { action: 'cancelled' });
    expect([noReason.status, noReason.body.message]).toEqual([400, LIFECYCLE_MESSAGES.reasonNeeded]);
    const cancelled = (await staff().call('POST', `/api/manage/orders/${id}/action`, { action: 'cancelled', reason: 'Нет в наличии' }))
      .body;
    expect(cancelled.status_name).toBe('Отменён');
    await expect.poll(() => bankOrder.refunded).toBe(bankOrder.deposited);
    expect(bankOrder.refundBundles[0]).toMatchObject({ receiptType: 'sell_refund', total: bankOrder.deposited });
    expect(await stockOf(app, o.ext_id)).toBe(before + 1);
  });

  it('two managers cancelling one paid order at once: one cancel, one refund, the other told why', async () => {
    const s = shopper(app);
    const o = await placePickupOrder(app, s, 1300);
    const formUrl: string = (await s.call('POST', '/api/v1/order_payment/', { guid: o.guid })).body.payment_url;
    const bankOrder = bank.orders.get(new URL(formUrl).searchParams.get('mdOrder')!)!;
    bank.setPaid(bankOrder.orderId);
    await s.call('GET', `/api/payments/sberbank/return?payment=${bankOrder.orderNumber}`);
    const id = (await staff().call('GET', `/api/manage/orders?q=${o.number}`)).body.results[0].id as number;
    const both = await Promise.all(
      [staff(), staff()].map((m) => m.call('POST', `/api/manage/orders/${id}/action`, { action: 'cancelled', reason: 'Нет в наличии' })),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.status === 409)!.body.message).toBe('Заказ в статусе «Отменён» нельзя перевести в статус «Отменён»');
    await expect.poll(() => bankOrder.refunded).toBe(bankOrder.deposited);
    const [{ n }] = await app.db.query<{ n: number }>('select count(*)::int as n from refunds where order_id = $1', [id]);
    expect(n).toBe(1);
  });

  it('tells an open desk at once of each order placed or changed, over its event stream; ten streams a manager at most, even at once', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/manage/events`;
    const open = () => {
      const stop = new AbortController();
      return {
        stop,
        res: fetch(url, {
          headers: { authorization: `Token ${at.token}`, cookie: `desk=${at.staff.cookies.get('desk')}` },
          signal: stop.signal,
        }),
      };
    };
    const desk = open();
    const res = await desk.res;
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'text/event-stream; charset=utf-8']);
    const reader = res.body!.getReader();
    let heard = '';
    const hear = async (what: string) => {
      while (!heard.includes(what)) heard += new TextDecoder().decode((await reader.read()).value);
    };
    await hear('retry: 5000');
    await placePickupOrder(app, shopper(app), 700);
    await hear('event: orders');

    // Ten more asked at once: nine fit beside the first, the rest are refused in Russian.
    const more = Array.from({ length: 10 }, open);
    const answers = await Promise.all(more.map((m) => m.res));
    expect(answers.map((a) => a.status).sort()).toEqual([...Array(9).fill(200), 429]);
    const refused = (await answers.find((a) => a.status === 429)!.json()) as { message: string };
    for (const m of [desk, ...more]) m.stop.abort();
    expect(refused.message).toBe(EVENTS_MESSAGES.tooMany);
  });

  it('exports the orders found as a CSV file Excel opens in Russian, a phone never read as a formula', async () => {
    const s = shopper(app);
    const o = await placePickupOrder(app, s, 990, { buyer: { ...BUYER, phone: '+7(903)-111-22-33' } });
    const res = await staff().call('GET', `/api/manage/orders.csv?q=${o.number}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(String(res.headers['content-disposition'])).toContain("filename*=UTF-8''");
    const text = res.raw.body;
    expect(text.startsWith('\ufeffНомер;Дата (мск);Статус')).toBe(true);
    const [, row] = text.split('\r\n');
    expect(row).toMatch(new RegExp(`^${o.number};\\d\\d\\.\\d\\d\\.\\d{4} \\d\\d:\\d\\d;Новый;Не оплачен;`));
    expect(row).toContain(`;${BUYER.fio};'+79031112233;${BUYER.email};`);
  });
});
