// Web Push on every backend, against a stand-in push service that decrypts what it is sent (as only the
// browser could): a device subscribes with the favourites it watches; a catalogue change made in SQL (stock
// back in a chosen size, a lower price) and an order's new status or its payment reminder reach the devices
// that want them, signed with the shop's VAPID key and encrypted for each; a device turns kinds off; a device
// the push service says is gone is dropped, a failing service is tried again later; and only the browsers'
// push services are sent to. The app's own delivery loop runs beside the passes a test asks for, and may be the
// one that delivers: what a device is told is waited for, what it is not told is checked after that.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { pushPass } from '../../server/push/push-plugin.ts';
import { advance, cancel, pay, returnGoods, SYSTEM } from '../../server/orders/lifecycle.ts';
import { orderById } from '../../server/orders/orders-sql.ts';
import { PUSH_MESSAGES } from '../../server/push/push-services.ts';
import { startPushService, type PushService, type PushSubscriptionLike } from '../support/push-service.ts';
import { backends, startApp } from './harness.ts';
import { PASSWORD, logIn, registerUser } from './account-helpers.ts';
import { freshVariant, placePickupOrder, shopper, type Shopper } from './shop-helpers.ts';

interface Device {
  shopper: Shopper;
  subscription: PushSubscriptionLike;
}

const NBSP = '\u00a0';

describe.each(backends)('web push on $name', (backend) => {
  let app: FastifyInstance;
  let push: PushService;
  beforeAll(async () => {
    push = await startPushService();
    app = await startApp(backend, { PUSH_SERVICES: push.url });
  });
  afterAll(async () => {
    await app?.close();
    await push?.close();
  });

  /** A browser that turned notifications on, watching these favourites (product id, chosen variants). */
  async function device(watches: { offer_id: number; ext_ids: string[] }[] = [], s: Shopper = shopper(app)): Promise<Device> {
    const key = await s.call('GET', '/api/v1/push/key');
    expect(key.status).toBe(200);
    const subscription = push.subscribe(key.body.public_key);
    const res = await s.call('PUT', '/api/v1/push/subscription', { subscription, watches });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ kinds_off: [] });
    return { shopper: s, subscription };
  }

  const received = (d: Device) => push.messages(d.subscription.endpoint).map((m) => JSON.parse(m.payload));

  /** The order's lifecycle moves it, as the shop does: paid, then each step given, or cancelled. */
  const move = async (id: number, ...steps: ('paid' | 'assembling' | 'shipped' | 'ready_for_pickup' | 'received' | 'cancelled')[]) => {
    for (const step of steps) {
      await app.db.transaction(async (tx) => {
        const o = (await orderById(tx, id, true))!;
        if (step === 'paid') await pay(tx, o, SYSTEM, '', app.config.publicUrl);
        else if (step === 'cancelled') await cancel(tx, o, SYSTEM, 'Нет в наличии', app.config.publicUrl);
        else await advance(tx, o, step, SYSTEM, '', app.config.publicUrl);
      });
    }
  };

  /** Two variants of one product in different sizes, both out of stock (a one-size product is passed over). */
  async function twoSizes() {
    for (;;) {
      const v = await freshVariant(app, 0);
      const [w] = await app.db.query<{ ext_id: string; size: string }>(
        'select ext_id, size from product_variants where product_id = $1 and size <> $2 order by position limit 1',
        [v.product_id, v.size],
      );
      if (!w) continue;
      await app.db.query('update product_variants set stock = 0 where product_id = $1', [v.product_id]);
      return { v, w };
    }
  }

  it('tells the devices watching a favourite that it is back in the chosen size, and no one else', async () => {
    const { v, w } = await twoSizes();
    const chose = await device([{ offer_id: v.product_id, ext_ids: [v.ext_id] }]);
    const choseOther = await device([{ offer_id: v.product_id, ext_ids: [w.ext_id] }]);
    const anySize = await device([{ offer_id: v.product_id, ext_ids: [] }]);
    const turnedOff = await device([{ offer_id: v.product_id, ext_ids: [] }]);
    const off = await turnedOff.shopper.call('PUT', '/api/v1/push/settings', {
      endpoint: turnedOff.subscription.endpoint,
      kinds_off: ['back_in_stock'],
    });
    expect(off.body).toEqual({ kinds_off: ['back_in_stock'] });

    // As a warehouse import or a manager would: straight in the table.
    await app.db.query('update product_variants set stock = 3 where ext_id = $1', [v.ext_id]);
    await pushPass(app);

    const [path] = await app.db.query<{ path: string }>(
      `select '/' || array_to_string((string_to_array(c.path, '/'))[1:3], '/') || '/' || p.id || '/' || p.slug as path
         from products p join categories c on c.id = p.category_id where p.id = $1`,
      [v.product_id],
    );
    const told = {
      kind: 'back_in_stock',
      title: 'Товар из избранного снова в продаже',
      body: `${v.name}: Размер ${v.size} снова в наличии. Успейте заказать.`,
      url: path.path,
      tag: `stock-${v.product_id}`,
      version: 1,
    };
    await expect.poll(() => received(chose)).toEqual([told]);
    await expect.poll(() => received(anySize)).toEqual([told]);
    expect(received(choseOther)).toEqual([]);
    expect(received(turnedOff)).toEqual([]);
    expect(push.messages(chose.subscription.endpoint)[0]).toMatchObject({
      ttl: 2 * 24 * 3600,
      urgency: 'normal',
      topic: `stock-${v.product_id}`,
    });
    expect(push.rejected).toEqual([]);

    // More of a size already in stock is no news.
    await app.db.query('update product_variants set stock = 5 where ext_id = $1', [v.ext_id]);
    await pushPass(app);
    expect(received(chose)).toHaveLength(1);
  });

  it('tells the watchers of a lower price, not of a higher one', async () => {
    const v = await freshVariant(app, 5);
    await app.db.query('update products set price = 5000, old_price = null where id = $1', [v.product_id]);
    const watcher = await device([{ offer_id: v.product_id, ext_ids: [v.ext_id] }]);
    const bystander = await device([]);
    await app.db.query('update products set price = 4200 where id = $1', [v.product_id]);
    await app.db.query('update products set price = 4900 where id = $1', [v.product_id]);
    await pushPass(app);
    await expect.poll(() => received(watcher).map((m) => m.body.replace(/\u00a0/g, ' '))).toEqual([`${v.name}: 4 200 ₽ вместо 5 000 ₽.`]);
    expect(received(bystander)).toEqual([]);
  });

  it("tells the buyer's devices of the order's status and of the payment deadline: the visitor's, and the account's once signed in there", async () => {
    const order = async (s: Shopper) => {
      const placed = await placePickupOrder(app, s, 2000);
      const [{ id }] = await app.db.query<{ id: number }>('select id from orders where guid = $1', [placed.guid]);
      return { ...placed, id };
    };

    // A guest: the order placed from the device it subscribed on.
    const guest = await device();
    const guestOrder = await order(guest.shopper);
    await app.db.query('update orders set hold_reminded_at = now() where id = $1', [guestOrder.id]);
    await pushPass(app);
    await expect
      .poll(() => received(guest).map((m) => [m.kind, m.title, m.url]))
      .toEqual([['payment_reminder', `Заказ № ${guestOrder.number} ждёт оплаты`, `/basket/delivery/confirm/${guestOrder.guid}`]]);
    expect(push.messages(guest.subscription.endpoint)[0]).toMatchObject({ urgency: 'high' });
    await move(guestOrder.id, 'paid', 'assembling', 'shipped');
    await pushPass(app);
    await expect
      .poll(() =>
        received(guest)
          .map((m) => [m.kind, m.title, m.url])
          .slice(1),
      )
      .toEqual([
        ['order_status', `Заказ оплачен: № ${guestOrder.number}`, `/basket/delivery/confirm/${guestOrder.guid}`],
        ['order_status', `Заказ отправлен: № ${guestOrder.number}`, `/basket/delivery/confirm/${guestOrder.guid}`],
      ]);

    // An account: this device subscribed before signing in; the order is placed from another device.
    const user = await registerUser(app);
    const phone = await device();
    const login = await phone.shopper.call('POST', '/api/v1/auth/', { username: user.email, password: PASSWORD });
    expect(login.status).toBe(200);
    const accountOrder = await order(user.user);
    await move(accountOrder.id, 'cancelled');
    await pushPass(app);
    await expect
      .poll(() => received(phone).map((m) => [m.title, m.url]))
      .toEqual([[`Заказ отменён: № ${accountOrder.number}`, '/history-order']]);

    // Signed out there, the device hears no more of the account's orders.
    expect((await phone.shopper.call('POST', '/api/v1/logout/', undefined, { authorization: `Token ${login.body.token}` })).status).toBe(
      200,
    );
    await move((await order(user.user)).id, 'paid');
    await pushPass(app);
    expect(received(phone)).toHaveLength(1);
    expect(push.rejected).toEqual([]);
  });

  it('takes a signed-in browser that has no visitor cookie yet, and stops its account news once that sign-in is ended elsewhere', async () => {
    const user = await registerUser(app); // a fresh browser: signed in, never a basket call, so no visitor cookie
    expect(user.user.cookies.has('basket')).toBe(false);
    const phone = await device([], user.user);
    expect(phone.shopper.cookies.has('basket')).toBe(true);

    const laptop = (await logIn(app, user.email, PASSWORD)).body.token as string;
    const elsewhere = shopper(app, laptop);
    const placed = await placePickupOrder(app, elsewhere, 2000);
    const [order] = await app.db.query<{ id: number; number: string }>('select id, number from orders where guid = $1', [placed.guid]);
    await move(order.id, 'paid');
    await pushPass(app);
    await expect.poll(() => received(phone).map((m) => m.title)).toEqual([`Заказ оплачен: № ${order.number}`]);

    // From the laptop: "Выйти на других устройствах". The phone's sign-in ends, and its account news with it.
    expect((await elsewhere.call('POST', '/api/v1/sessions/end_others/')).status).toBe(200);
    await move(order.id, 'assembling', 'shipped');
    await pushPass(app);
    expect(received(phone)).toHaveLength(1);
  });

  it('tells the buyer of a return of some of the goods, by push as by mail, though the order keeps its status', async () => {
    const buyer = await device();
    const placed = await placePickupOrder(app, buyer.shopper, 1500, { quantity: 2 });
    const [{ id, number }] = await app.db.query<{ id: number; number: string }>('select id, number from orders where guid = $1', [
      placed.guid,
    ]);
    await move(id, 'paid', 'assembling', 'ready_for_pickup', 'received');
    await app.db.transaction(async (tx) =>
      returnGoods(tx, (await orderById(tx, id, true))!, SYSTEM, 'Не подошёл', app.config.publicUrl, new Map([[placed.ext_id, 1]])),
    );
    await pushPass(app);
    await expect
      .poll(() => received(buyer).map((m) => m.title))
      .toEqual([
        `Заказ оплачен: № ${number}`,
        `Заказ ждёт вас: № ${number}`,
        `Заказ получен: № ${number}`,
        `Возврат оформлен: № ${number}`,
      ]);
    const [{ status }] = await app.db.query<{ status: string }>('select status from orders where id = $1', [id]);
    expect(status).toBe('received');
  });

  it('tells the buyer of an order paid on receipt what to pay at the door when it is on its way', async () => {
    const buyer = await device();
    const placed = await placePickupOrder(app, buyer.shopper, 2000, { payment_method: 'on_receipt' }); // + 250 pickup
    const [{ id, number }] = await app.db.query<{ id: number; number: string }>('select id, number from orders where guid = $1', [
      placed.guid,
    ]);
    await move(id, 'assembling', 'ready_for_pickup');
    await pushPass(app);
    await expect
      .poll(() => received(buyer).map((m) => [m.title, m.body]))
      .toEqual([
        [
          `Заказ ждёт вас: № ${number}`,
          `Заказ доставлен в пункт выдачи: его можно забрать. При получении: 2${NBSP}250${NBSP}₽, наличными или картой.`,
        ],
      ]);
  });

  it('drops a device its push service says is gone, and tries a failing service again later', async () => {
    const v = await freshVariant(app, 5);
    await app.db.query('update products set price = 3000, old_price = null where id = $1', [v.product_id]);
    const gone = await device([{ offer_id: v.product_id, ext_ids: [] }]);
    const busy = await device([{ offer_id: v.product_id, ext_ids: [] }]);
    push.expire(gone.subscription.endpoint);
    await app.db.query('update products set price = 2500 where id = $1', [v.product_id]);
    await pushPass(app);
    const left = () =>
      app.db.query<{ endpoint: string }>('select endpoint from push_subscriptions where endpoint = any($1)', [
        [gone.subscription.endpoint, busy.subscription.endpoint],
      ]);
    await expect.poll(async () => (await left()).map((r) => r.endpoint)).toEqual([busy.subscription.endpoint]);
    await expect.poll(() => received(busy)).toHaveLength(1);

    push.failNext(1, 500);
    await app.db.query('update products set price = 2000 where id = $1', [v.product_id]);
    await pushPass(app);
    const outbox = () =>
      app.db.query<{ attempts: number; later: boolean; sent: boolean }>(
        `select attempts, next_try_at > now() as later, sent_at is not null as sent from push_outbox o
           join push_subscriptions s on s.id = o.subscription_id where s.endpoint = $1 order by o.id`,
        [busy.subscription.endpoint],
      );
    await expect.poll(async () => (await outbox())[1]).toEqual({ attempts: 1, later: true, sent: false });
    await pushPass(app);
    expect(received(busy)).toHaveLength(1); // not before its time
    await app.db.query(
      'update push_outbox set next_try_at = now() where sent_at is null and subscription_id = (select id from push_subscriptions where endpoint = $1)',
      [busy.subscription.endpoint],
    );
    await pushPass(app);
    await expect
      .poll(() => received(busy).map((m) => m.body.replace(/\u00a0/g, ' ')))
      .toEqual([`${v.name}: 2 500 ₽ вместо 3 000 ₽.`, `${v.name}: 2 000 ₽ вместо 2 500 ₽.`]);
    await expect.poll(async () => (await outbox())[1]).toMatchObject({ attempts: 2, sent: true });
  });

  it('gives up a message that cannot be encrypted for its device, and sends the others of the pass', async () => {
    const v = await freshVariant(app, 5);
    await app.db.query('update products set price = 3000, old_price = null where id = $1', [v.product_id]);
    const broken = await device([{ offer_id: v.product_id, ext_ids: [] }]);
    const fine = await device([{ offer_id: v.product_id, ext_ids: [] }]);
    // Keys kept before they were checked: of the right size, but no point of the curve.
    await app.db.query('update push_subscriptions set p256dh = $2 where endpoint = $1', [
      broken.subscription.endpoint,
      Buffer.alloc(65, 7).toString('base64url'),
    ]);
    await app.db.query('update products set price = 2500 where id = $1', [v.product_id]);
    await pushPass(app);
    await expect.poll(() => received(fine)).toHaveLength(1);
    const given = () =>
      app.db.query<{ failed: boolean }>(
        `select failed_at is not null as failed from push_outbox o join push_subscriptions s on s.id = o.subscription_id
          where s.endpoint = $1`,
        [broken.subscription.endpoint],
      );
    await expect.poll(given).toEqual([{ failed: true }]);
  });

  it('sends only to the push services it trusts, and lets only the device holder change a subscription', async () => {
    const s = shopper(app);
    const key = (await s.call('GET', '/api/v1/push/key')).body.public_key;
    const real = push.subscribe(key);
    const elsewhere = { ...real, endpoint: 'http://10.0.0.5/admin/delete-everything' };
    const refused = await s.call('PUT', '/api/v1/push/subscription', { subscription: elsewhere, watches: [] });
    expect(refused).toMatchObject({ status: 400, body: { message: PUSH_MESSAGES.notPushService } });
    const broken = await s.call('PUT', '/api/v1/push/subscription', {
      subscription: { ...real, keys: { p256dh: 'abc', auth: 'def' } },
      watches: [],
    });
    expect(broken).toMatchObject({ status: 400, body: { message: PUSH_MESSAGES.brokenKeys } });
    // Of the right size, but no point of the curve: nothing could ever be encrypted for it.
    const offCurve = await s.call('PUT', '/api/v1/push/subscription', {
      subscription: { ...real, keys: { ...real.keys, p256dh: Buffer.alloc(65, 7).toString('base64url') } },
      watches: [],
    });
    expect(offCurve).toMatchObject({ status: 400, body: { message: PUSH_MESSAGES.brokenKeys } });

    const mine = await device([], s);
    const stranger = shopper(app);
    const settings = { endpoint: mine.subscription.endpoint, kinds_off: ['price_drop'] };
    expect(await stranger.call('PUT', '/api/v1/push/settings', settings)).toMatchObject({
      status: 404,
      body: { message: PUSH_MESSAGES.notFound },
    });
    await stranger.call('DELETE', '/api/v1/push/subscription', { endpoint: mine.subscription.endpoint });
    expect((await s.call('PUT', '/api/v1/push/settings', settings)).body).toEqual({ kinds_off: ['price_drop'] });
    expect((await s.call('DELETE', '/api/v1/push/subscription', { endpoint: mine.subscription.endpoint })).status).toBe(200);
    expect((await s.call('PUT', '/api/v1/push/settings', settings)).status).toBe(404);
  });
});
