// Paying through Sberbank's internet acquiring, against the stand-in bank, on every backend: a payment is
// registered once (our id as the bank's orderNumber, the sum in kopecks, the bank's session no longer than
// the order's hold) and the buyer goes to the bank's form; coming back, the order is paid only when the
// bank's status call says so for exactly its sum; a declined payment leaves it unpaid; a callback counts
// only with the bank's checksum; a bank that refuses or does not answer is a Russian 502; while the bank takes
// its time registering, the shop goes on serving everyone else, and a second ask gets the same form; an order
// whose deadline passes is cancelled only once the bank says it was not paid; a paid order cancelled gets
// its money back through refund.do, once; each call carries its fiscal receipt, which the stand-in bank
// checks as the gateway does (a sale's receipt adds up to the order, a refund's gives back its positions).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { expireUnpaidOrders } from '../../server/background/unpaid-orders.ts';
import { advance, cancel, returnGoods } from '../../server/orders/lifecycle.ts';
import { deskOrder } from '../../server/desk/desk-order.ts';
import { orderByGuid } from '../../server/orders/orders-sql.ts';
import { carryOutRefunds } from '../../server/payments/refunds.ts';
import { issueClosingReceipts } from '../../server/payments/closing-receipts.ts';
import { SBERBANK_MESSAGES } from '../../server/payments/sberbank.ts';
import { SBERBANK_TEST_LOGIN, startSberbank, sberbankEnv, type Bundle, type SberbankStandIn } from '../support/sberbank-bank.ts';
import { mailsTo } from './account-helpers.ts';
import { backends, startApp } from './harness.ts';
import { BUYER, city, freshVariant, placePickupOrder, shopper, stockOf } from './shop-helpers.ts';

const CALLBACK_KEY = 'bank-callback-key';

describe.each(backends)('Sberbank acquiring on $name', (backend) => {
  let app: FastifyInstance;
  let bank: SberbankStandIn;
  beforeAll(async () => {
    bank = await startSberbank({ callbackKey: CALLBACK_KEY });
    app = await startApp(backend, { ...sberbankEnv(bank.url, CALLBACK_KEY), PUBLIC_URL: 'http://shop.test' });
  });
  afterAll(async () => {
    await app?.close();
    await bank?.close();
  });

  const paymentStatus = async (guid: string) =>
    (await app.db.query<{ payment_status: string }>('select payment_status from orders where guid = $1', [guid]))[0].payment_status;
  /** The bank's order behind a form URL. */
  const bankOrder = (formUrl: string) => bank.orders.get(new URL(formUrl).searchParams.get('mdOrder')!)!;
  /** The buyer pays (or declines) on the bank's form; answers the shop path the bank sends them back to. */
  const atBank = async (formUrl: string, action: 'pay' | 'decline') => {
    const res = await fetch(`${bank.url}/payment/merchants/sbersafe/${action}?mdOrder=${bankOrder(formUrl).orderId}`, {
      method: 'POST',
      redirect: 'manual',
    });
    return res.headers.get('location')!.replace('http://shop.test', '');
  };

  /** An order of 4000 ₽ picked up (+ 250 ₽), 2000 ₽ of it paid from a fresh gift card, the rest at the bank's form. */
  const paidPartlyByGiftCard = async (code: string) => {
    await app.db.query(`insert into gift_cards (code, initial, balance, expires_at) values ($1, 2000, 2000, now() + interval '1 year')`, [
      code,
    ]);
    const s = shopper(app);
    const o = await placePickupOrder(app, s, 4000, { gift_card: code });
    const formUrl: string = (await s.call('POST', '/api/v1/order_payment/', { guid: o.guid })).body.payment_url;
    await s.call('GET', await atBank(formUrl, 'pay'));
    return { o, b: bankOrder(formUrl) };
  };
  /** A pickup order of `price` ₽ paid at the bank's form, then cancelled by a manager: its refund waits for a pass. */
  const paidThenCancelled = async (price: number) => {
    const s = shopper(app);
    const o = await placePickupOrder(app, s, price);
    await s.call('GET', await atBank((await s.call('POST', '/api/v1/order_payment/', { guid: o.guid })).body.payment_url, 'pay'));
    await app.db.transaction(async (tx) =>
      cancel(tx, (await orderByGuid(tx, o.guid, true))!, { kind: 'manager', id: null }, 'Нет в наличии', app.config.publicUrl),
    );
    return o;
  };
  const cardBalance = async (code: string) =>
    (await app.db.query<{ balance: number }>('select balance from gift_cards where code = $1', [code]))[0].balance;

  it('registers the payment once at the bank and sends the buyer to its form; paying there pays the order', async () => {
    const s = shopper(app);
    const o = await placePickupOrder(app, s, 3000); // + 250 pickup
    const start = await s.call('POST', '/api/v1/order_payment/', { guid: o.guid });
    expect(start.status).toBe(200);
    const formUrl: string = start.body.payment_url;
    expect(formUrl.startsWith(`${bank.url}/payment/merchants/sbersafe/payment_ru.html?mdOrder=`)).toBe(true);
    const registered = bankOrder(formUrl);
    expect(registered).toMatchObject({ amount: 325_000, orderStatus: 0 });
    expect(registered.orderNumber).toMatch(/^[0-9a-f]{32}$/);
    expect(registered.returnUrl).toBe(`http://shop.test/api/payments/sberbank/return?payment=${registered.orderNumber}`);
    expect(registered.sessionTimeoutSecs).toBeGreaterThan(3000);
    expect(registered.sessionTimeoutSecs).toBeLessThanOrEqual(3600);
    // With the receipt the bank's cash register prints: the goods, and pickup as a service, at the shop's VAT.
    expect(registered.bundle).toMatchObject({ receiptType: 'sell', total: 325_000, payments: [{ type: 1, sum: 325_000 }] });
    expect(registered.bundle!.cartItems.items.map((i) => [i.itemAmount, i.tax.taxType])).toEqual([
      [300_000, 6],
      [25_000, 6],
    ]);
    // Asking again reuses the registration.
    expect((await s.call('POST', '/api/v1/order_payment/', { guid: o.guid })).body.payment_url).toBe(formUrl);
    expect([...bank.orders.values()].filter((b) => b.orderNumber === registered.orderNumber)).toHaveLength(1);

    // Back at the shop before paying (or a forged return): nothing is paid.
    const early = await s.call('GET', `/api/payments/sberbank/return?payment=${registered.orderNumber}&orderId=${registered.orderId}`);
    expect([early.status, early.headers.location]).toEqual([303, `/basket/delivery/confirm/${o.guid}?payment=pending`]);
    expect(await paymentStatus(o.guid)).toBe('unpaid');

    const back = await atBank(formUrl, 'pay');
    const returned = await s.call('GET', back);
    expect([returned.status, returned.headers.location]).toEqual([303, `/basket/success?guid=${o.guid}`]);
    expect(await paymentStatus(o.guid)).toBe('paid');
    // Coming back twice changes nothing.
    expect((await s.call('GET', back)).headers.location).toBe(`/basket/success?guid=${o.guid}`);
    const [{ n }] = await app.db.query<{ n: number }>(
      `select count(*)::int as n from order_status_history h join orders o on o.id = h.order_id where o.guid = $1 and h.status = 'paid'`,
      [o.guid],
    );
    expect(n).toBe(1);
  });

  it('while the bank takes its time, the shop serves others; two asks at once register one payment', async () => {
    const s = shopper(app);
    const o = await placePickupOrder(app, s, 2000);
    const before = bank.registrations;
    const slowBank = bank.holdRegistrations();
    const first = s.call('POST', '/api/v1/order_payment/', { guid: o.guid });
    await slowBank.arrived;
    const second = s.call('POST', '/api/v1/order_payment/', { guid: o.guid });
    // Another shopper's basket and order go through before the bank has answered (the shop held its
    // database for the bank's answer before: on PGlite, every other request waited).
    const other = await placePickupOrder(app, shopper(app), 1500);
    expect(other.guid).toMatch(/^[0-9a-f-]{36}$/);
    slowBank.release();
    const [a, b] = await Promise.all([first, second]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body.payment_url).toBe(a.body.payment_url);
    expect(bank.registrations - before).toBe(1);
  });

  /** The unpaid orders' pass, as the shop runs it every minute. */
  const expire = () => expireUnpaidOrders(app.db, { provider: app.payments, publicUrl: app.config.publicUrl });
  const lapse = (guid: string) => app.db.query(`update orders set hold_until = now() - interval '1 second' where guid = $1`, [guid]);
  const orderOf = async (guid: string) =>
    (
      await app.db.query<{ status: string; payment_status: string }>('select status, payment_status from orders where guid = $1', [guid])
    )[0];

  it('a deadline that passes while the bank has the money pays the order; a silent bank keeps it held', async () => {
    const s = shopper(app);
    // Paid on the bank's form in the last moment; neither the buyer's return nor the callback has come yet.
    const paidLate = await placePickupOrder(app, s, 2500);
    const paidForm: string = (await s.call('POST', '/api/v1/order_payment/', { guid: paidLate.guid })).body.payment_url;
    bank.setPaid(bankOrder(paidForm).orderId);
    // Left on the bank's form unpaid.
    const leftUnpaid = await placePickupOrder(app, shopper(app), 2600);
    await shopper(app).call('POST', '/api/v1/order_payment/', { guid: leftUnpaid.guid });
    // Never taken to the bank.
    const noPayment = await placePickupOrder(app, shopper(app), 2400);
    for (const o of [paidLate, leftUnpaid, noPayment]) await lapse(o.guid);

    // The bank does not answer: it is asked no more in this pass, and no order with a payment there is cancelled.
    bank.dropNextCall();
    expect(await expire()).toEqual({ cancelled: 1, paidLate: 0, waiting: 2 });
    expect(await orderOf(noPayment.guid)).toMatchObject({ status: 'cancelled' });
    expect(await orderOf(paidLate.guid)).toMatchObject({ status: 'new', payment_status: 'unpaid' });
    expect(await orderOf(leftUnpaid.guid)).toMatchObject({ status: 'new', payment_status: 'unpaid' });

    expect(await expire()).toEqual({ cancelled: 1, paidLate: 1, waiting: 0 });
    expect(await orderOf(paidLate.guid)).toMatchObject({ payment_status: 'paid' });
    expect(await orderOf(leftUnpaid.guid)).toMatchObject({ status: 'cancelled' });
  });

  it("money the bank takes after the order lapsed is the manager's to give back: told once, and the buyer too", async () => {
    const s = shopper(app);
    const o = await placePickupOrder(app, s, 2700);
    const b = bankOrder((await s.call('POST', '/api/v1/order_payment/', { guid: o.guid })).body.payment_url);
    await lapse(o.guid);
    expect((await expire()).cancelled).toBe(1);

    bank.setPaid(b.orderId); // the bank took the money all the same
    for (let i = 0; i < 2; i++) {
      const callback = await shopper(app).call('GET', `/api/payments/sberbank/callback?${bank.callbackQuery(b.orderId)}`);
      expect([callback.status, callback.raw.body]).toEqual([200, 'OK']);
    }
    const back = await s.call('GET', `/api/payments/sberbank/return?payment=${b.orderNumber}`);
    expect([back.status, back.raw.headers.location]).toEqual([303, `/basket/delivery/confirm/${o.guid}?payment=late`]);
    expect(await orderOf(o.guid)).toMatchObject({ status: 'cancelled', payment_status: 'unpaid' });

    const told = (await mailsTo(app, 'manager@moreimoda.ru')).filter((m) => m.kind === 'manager_late_payment');
    const [{ number }] = await app.db.query<{ number: string }>('select number from orders where guid = $1', [o.guid]);
    const about = told.filter((m) => m.subject.includes(number));
    expect(about).toHaveLength(1);
    expect(about[0].body_text).toContain(b.orderNumber);
  });

  it('a declined payment leaves the order unpaid; the next try registers a new payment', async () => {
    const s = shopper(app);
    const o = await placePickupOrder(app, s, 2000);
    const formUrl: string = (await s.call('POST', '/api/v1/order_payment/', { guid: o.guid })).body.payment_url;
    const back = await atBank(formUrl, 'decline');
    const returned = await s.call('GET', back);
    expect(returned.headers.location).toBe(`/basket/delivery/confirm/${o.guid}?payment=failed`);
    expect(await paymentStatus(o.guid)).toBe('unpaid');
    const again: string = (await s.call('POST', '/api/v1/order_payment/', { guid: o.guid })).body.payment_url;
    expect(again).not.toBe(formUrl);
  });

  it('the bank saying it took another sum pays nothing', async () => {
    const s = shopper(app);
    const o = await placePickupOrder(app, s, 2000);
    const formUrl: string = (await s.call('POST', '/api/v1/order_payment/', { guid: o.guid })).body.payment_url;
    const b = bankOrder(formUrl);
    bank.setPaid(b.orderId, 100);
    await s.call('GET', `/api/payments/sberbank/return?payment=${b.orderNumber}`);
    expect(await paymentStatus(o.guid)).toBe('unpaid');
  });

  it('a callback pays only with the bank checksum', async () => {
    const s = shopper(app);
    const o = await placePickupOrder(app, s, 2000);
    const formUrl: string = (await s.call('POST', '/api/v1/order_payment/', { guid: o.guid })).body.payment_url;
    const b = bankOrder(formUrl);
    const forged = `mdOrder=${b.orderId}&orderNumber=${b.orderNumber}&operation=deposited&status=1&checksum=${'A'.repeat(64)}`;
    expect((await shopper(app).call('GET', `/api/payments/sberbank/callback?${forged}`)).status).toBe(400);
    const unsigned = `mdOrder=${b.orderId}&orderNumber=${b.orderNumber}&operation=deposited&status=1`;
    expect((await shopper(app).call('GET', `/api/payments/sberbank/callback?${unsigned}`)).status).toBe(400);
    // A parameter given twice is no text the checksum could cover; a return without our payment's id names nothing.
    const doubled = await shopper(app).call('GET', `/api/payments/sberbank/callback?${bank.callbackQuery(b.orderId)}&status=1`);
    expect([doubled.status, doubled.body.message]).toEqual([400, 'Неверное значение поля «status»']);
    const nameless = await shopper(app).call('GET', '/api/payments/sberbank/return?orderId=1');
    expect([nameless.status, nameless.body.message]).toEqual([400, 'Не заполнено поле «payment»']);
    expect(await paymentStatus(o.guid)).toBe('unpaid');
    // Signed, but not money taken: a hold on the card (two-stage 'approved'), or another sum.
    const hold = await shopper(app).call('GET', `/api/payments/sberbank/callback?${bank.callbackQuery(b.orderId, 'approved')}`);
    expect(hold.status).toBe(200);
    const short = bank.callbackQuery(b.orderId, 'deposited', { amount: '100' });
    expect((await shopper(app).call('GET', `/api/payments/sberbank/callback?${short}`)).status).toBe(200);
    expect(await paymentStatus(o.guid)).toBe('unpaid');
    const signed = await shopper(app).call('GET', `/api/payments/sberbank/callback?${bank.callbackQuery(b.orderId)}`);
    expect([signed.status, signed.raw.body]).toEqual([200, 'OK']);
    expect(await paymentStatus(o.guid)).toBe('paid');
  });

  it("a signed callback that the bank's session ran out fails the payment; the order stays unpaid", async () => {
    const s = shopper(app);
    const o = await placePickupOrder(app, s, 2000);
    const b = bankOrder((await s.call('POST', '/api/v1/order_payment/', { guid: o.guid })).body.payment_url);
    const lapsed = await shopper(app).call('GET', `/api/payments/sberbank/callback?${bank.callbackQuery(b.orderId, 'declinedByTimeout')}`);
    expect(lapsed.status).toBe(200);
    const [pay] = await app.db.query<{ status: string }>('select status from payments where external_id = $1', [b.orderNumber]);
    expect(pay.status).toBe('failed');
    expect(await paymentStatus(o.guid)).toBe('unpaid');
  });

  it('a bank that refuses or does not answer is a Russian 502, and nothing is paid', async () => {
    const s = shopper(app);
    const o = await placePickupOrder(app, s, 2000);
    bank.failNextRegistration('7', 'Системная ошибка');
    const refused = await s.call('POST', '/api/v1/order_payment/', { guid: o.guid });
    expect([refused.status, refused.body]).toEqual([502, { message: SBERBANK_MESSAGES.refused }]);
    bank.dropNextCall();
    const down = await s.call('POST', '/api/v1/order_payment/', { guid: o.guid });
    expect([down.status, down.body]).toEqual([502, { message: SBERBANK_MESSAGES.unreachable }]);
    expect(await paymentStatus(o.guid)).toBe('unpaid');
    // The bank back, the payment goes on.
    expect((await s.call('POST', '/api/v1/order_payment/', { guid: o.guid })).status).toBe(200);
  });

  it('a paid order cancelled gets its money back through refund.do, once, even when the answer was lost', async () => {
    const s = shopper(app);
    const o = await placePickupOrder(app, s, 2700); // + 250 pickup
    const formUrl: string = (await s.call('POST', '/api/v1/order_payment/', { guid: o.guid })).body.payment_url;
    await s.call('GET', await atBank(formUrl, 'pay'));
    expect(await paymentStatus(o.guid)).toBe('paid');
    await app.db.transaction(async (tx) =>
      cancel(tx, (await orderByGuid(tx, o.guid, true))!, { kind: 'manager', id: null }, 'Покупатель передумал', app.config.publicUrl),
    );
    expect(await orderOf(o.guid)).toEqual({ status: 'cancelled', payment_status: 'refunding' });
    const b = bankOrder(formUrl);
    expect(b.refunded).toBe(0); // nothing is asked of the bank inside the cancel's transaction

    // The bank does not answer: the refund waits, with the reason, for the next pass.
    bank.dropNextCall();
    expect(await carryOutRefunds(app.db, app.payments)).toEqual({ done: 0, waiting: 1 });
    const [waiting] = await app.db.query<{ status: string; last_error: string }>(
      'select r.status, r.last_error from refunds r join orders o on o.id = r.order_id where o.guid = $1',
      [o.guid],
    );
    expect(waiting).toEqual({ status: 'pending', last_error: SBERBANK_MESSAGES.unreachable });
    // The bank takes the refund but its answer is lost: the next pass finds it given back and asks no more.
    bank.loseNextRefundAnswer();
    const calls = bank.refundCalls;
    expect(await carryOutRefunds(app.db, app.payments)).toEqual({ done: 0, waiting: 1 });
    expect(await carryOutRefunds(app.db, app.payments)).toEqual({ done: 1, waiting: 0 });
    expect(bank.refundCalls - calls).toBe(1);
    expect([b.refunded, b.orderStatus]).toEqual([295_000, 4]);
    // One refund receipt, giving back every position of the sale.
    expect(b.refundBundles).toHaveLength(1);
    expect(b.refundBundles[0]).toMatchObject({ receiptType: 'sell_refund', total: 295_000, payments: [{ type: 1, sum: 295_000 }] });
    expect(b.refundBundles[0]!.cartItems.items.map((i) => i.positionId)).toEqual(b.bundle!.cartItems.items.map((i) => i.positionId));
    expect(await orderOf(o.guid)).toEqual({ status: 'cancelled', payment_status: 'refunded' });
    expect(await carryOutRefunds(app.db, app.payments)).toEqual({ done: 0, waiting: 0 });
    const info = (await s.call('POST', '/api/v1/get_order_info/', { guid: o.guid })).body.order_info;
    expect([info.status_name, info.payment_status_name]).toEqual(['Отменён', 'Деньги возвращены']);
  });

  it('a bank that does not answer a refund is asked no more in that pass; the next pass gives every refund back', async () => {
    await carryOutRefunds(app.db, app.payments); // earlier tests' refunds, if any, out of the way
    const orders = [await paidThenCancelled(1800), await paidThenCancelled(1800)];
    const calls = bank.refundCalls;
    bank.dropNextCall(); // each call may wait its whole timeout: the first silence stops the pass
    expect(await carryOutRefunds(app.db, app.payments)).toEqual({ done: 0, waiting: 2 });
    expect(bank.refundCalls - calls).toBe(0); // the dropped call never reached refund.do
    expect(await carryOutRefunds(app.db, app.payments)).toEqual({ done: 2, waiting: 0 });
    for (const o of orders) expect((await orderOf(o.guid)).payment_status).toBe('refunded');
  });

  it('two refund passes at once ask the bank once for each refund', async () => {
    await carryOutRefunds(app.db, app.payments); // earlier tests' refunds, if any, out of the way
    // The desk's pass right after a cancel and the minute's pass meet now and then; here, every time.
    for (let round = 0; round < 12; round++) {
      const orders = [await paidThenCancelled(1200), await paidThenCancelled(1200)];
      const calls = bank.refundCalls;
      const [a, b] = await Promise.all([carryOutRefunds(app.db, app.payments), carryOutRefunds(app.db, app.payments)]);
      expect(a.done + b.done).toBe(2);
      expect(bank.refundCalls - calls).toBe(2);
      for (const o of orders) expect((await orderOf(o.guid)).payment_status).toBe('refunded');
    }
  });

  it('a payment from before receipts were kept gives back, on a return of some goods, only what they cost', async () => {
    const s = shopper(app);
    const o = await placePickupOrder(app, s, 1500, { quantity: 2 }); // + 250 pickup
    const formUrl: string = (await s.call('POST', '/api/v1/order_payment/', { guid: o.guid })).body.payment_url;
    await s.call('GET', await atBank(formUrl, 'pay'));
    // Paid before migration 017: neither the shop nor the bank holds a receipt of the sale.
    await app.db.query('update payments set receipt = null where order_id = (select id from orders where guid = $1)', [o.guid]);
    const b = bankOrder(formUrl);
    b.bundle = null;
    const manager = { kind: 'manager' as const, id: null };
    for (const step of ['assembling', 'ready_for_pickup', 'received'] as const) {
      await app.db.transaction(async (tx) => advance(tx, (await orderByGuid(tx, o.guid, true))!, step, manager, '', app.config.publicUrl));
    }
    await app.db.transaction(async (tx) =>
      returnGoods(tx, (await orderByGuid(tx, o.guid, true))!, manager, 'Не подошёл', app.config.publicUrl, new Map([[o.ext_id, 1]])),
    );
    expect(await carryOutRefunds(app.db, app.payments)).toEqual({ done: 1, waiting: 0 });
    expect(b.refunded).toBe(150_000); // one of the two, not all that was left on the card (325 000)
    await app.db.transaction(async (tx) =>
      returnGoods(tx, (await orderByGuid(tx, o.guid, true))!, manager, 'И второй', app.config.publicUrl),
    );
    expect(await carryOutRefunds(app.db, app.payments)).toEqual({ done: 1, waiting: 0 });
    expect(b.refunded).toBe(300_000); // the goods, not the delivery
    expect(await orderOf(o.guid)).toEqual({ status: 'returned', payment_status: 'refunded' });
  });

  it("a gift card that paid part leaves the bank's receipt holding what the card pays, and cancelling gives each its money back", async () => {
    const { o, b } = await paidPartlyByGiftCard('SBER-PART'); // 4000 ₽ of goods + 250 ₽ pickup, 2000 ₽ of it by gift card
    // The positions add up to what the bank takes: each its card share (the gift card's 2000 ₽ spread over the
    // goods and delivery in whole roubles, 1882 and 118), each a partial prepayment; no advance offset.
    expect(b.amount).toBe(225_000);
    expect(b.bundle).toMatchObject({ total: 225_000, payments: [{ type: 1, sum: 225_000 }] });
    expect(b.bundle!.cartItems.items.map((i) => [i.itemCode, i.itemAmount, i.itemAttributes.attributes[0]!.value])).toEqual([
      [o.ext_id, 211_800, '2'],
      ['delivery', 13_200, '2'],
    ]);
    await app.db.transaction(async (tx) =>
      cancel(tx, (await orderByGuid(tx, o.guid, true))!, { kind: 'manager', id: null }, 'Нет размера', app.config.publicUrl),
    );
    expect(await carryOutRefunds(app.db, app.payments)).toEqual({ done: 1, waiting: 0 });
    expect(b.refunded).toBe(225_000);
    expect(b.refundBundles[0]).toMatchObject({ receiptType: 'sell_refund', total: 225_000, payments: [{ type: 1, sum: 225_000 }] });
    expect(await cardBalance('SBER-PART')).toBe(2000);
  });

  it('goods sent back give back what was paid for them, not the delivery: the card its share with a refund receipt, the gift card its own', async () => {
    const { o, b } = await paidPartlyByGiftCard('SBER-RETURN');
    const manager = { kind: 'manager' as const, id: null };
    for (const step of ['assembling', 'ready_for_pickup', 'received'] as const) {
      await app.db.transaction(async (tx) => advance(tx, (await orderByGuid(tx, o.guid, true))!, step, manager, '', app.config.publicUrl));
    }
    await app.db.transaction(async (tx) =>
      returnGoods(tx, (await orderByGuid(tx, o.guid, true))!, manager, 'Не подошёл размер', app.config.publicUrl),
    );
    expect(await orderOf(o.guid)).toEqual({ status: 'returned', payment_status: 'refunding' });
    expect(await carryOutRefunds(app.db, app.payments)).toEqual({ done: 1, waiting: 0 });
    // 4000 ₽ back in all: 2118 ₽ to the bank card (the goods' card share), 1882 ₽ to the gift card.
    expect(b.refunded).toBe(211_800);
    const back = b.refundBundles[0]!;
    expect(back).toMatchObject({ receiptType: 'sell_refund', total: 211_800, payments: [{ type: 1, sum: 211_800 }] });
    expect(back.cartItems.items.map((i) => i.itemCode)).not.toContain('delivery');
    expect(await cardBalance('SBER-RETURN')).toBe(1882);
    expect(await orderOf(o.guid)).toEqual({ status: 'returned', payment_status: 'refunded' });
  });

  it('a line paid partly by gift card and sent back unit by unit gives the gift card back what it paid for that line, no rouble more', async () => {
    await app.db.query(
      `insert into gift_cards (code, initial, balance, expires_at) values ('SBER-UNITS', 5, 5, now() + interval '1 year')`,
    );
    const s = shopper(app);
    const [a, b] = [await freshVariant(app, 10), await freshVariant(app, 10)];
    await app.db.query('update products set price = 1000, old_price = null, active = true where id = any($1)', [
      [a.product_id, b.product_id],
    ]);
    await s.call('POST', '/api/v2/cart/', { ext_id: a.ext_id, quantity: 3 });
    await s.call('POST', '/api/v2/cart/', { ext_id: b.ext_id, quantity: 1 });
    const o = (
      await s.call('POST', '/api/v2/order/', {
        buyer: BUYER,
        ...(await city(app, 'Москва')),
        delivery_method: 'pickup',
        gift_card: 'SBER-UNITS',
      })
    ).body;
    const formUrl: string = (await s.call('POST', '/api/v1/order_payment/', { guid: o.guid })).body.payment_url;
    await s.call('GET', await atBank(formUrl, 'pay'));
    const bankAt = bankOrder(formUrl);
    const manager = { kind: 'manager' as const, id: null };
    for (const step of ['assembling', 'ready_for_pickup', 'received'] as const) {
      await app.db.transaction(async (tx) => advance(tx, (await orderByGuid(tx, o.guid, true))!, step, manager, '', app.config.publicUrl));
    }
    for (let unit = 0; unit < 3; unit++) {
      await app.db.transaction(async (tx) =>
        returnGoods(tx, (await orderByGuid(tx, o.guid, true))!, manager, 'Не подошёл', app.config.publicUrl, new Map([[a.ext_id, 1]])),
      );
    }
    await carryOutRefunds(app.db, app.payments);
    // The 5 ₽ of the gift card went 4 to the three units of the first line, 1 to the second (by their prices):
    // the three returns give the card back 4 ₽, and card and gift card together exactly the line's 3 000 ₽.
    const back = await cardBalance('SBER-UNITS'); // it held nothing once it had paid
    expect(back).toBe(4);
    expect(bankAt.refunded + back * 100).toBe(300_000);
  });

  it('goods sent back a few at a time: each return gives back those units with their receipt, the order kept until the last comes back', async () => {
    const s = shopper(app);
    const o = await placePickupOrder(app, s, 1500, { quantity: 2 }); // + 250 pickup
    const formUrl: string = (await s.call('POST', '/api/v1/order_payment/', { guid: o.guid })).body.payment_url;
    await s.call('GET', await atBank(formUrl, 'pay'));
    const manager = { kind: 'manager' as const, id: null };
    for (const step of ['assembling', 'ready_for_pickup', 'received'] as const) {
      await app.db.transaction(async (tx) => advance(tx, (await orderByGuid(tx, o.guid, true))!, step, manager, '', app.config.publicUrl));
    }
    const stock = await stockOf(app, o.ext_id);
    await app.db.transaction(async (tx) =>
      returnGoods(tx, (await orderByGuid(tx, o.guid, true))!, manager, 'Не подошёл', app.config.publicUrl, new Map([[o.ext_id, 1]])),
    );
    expect(await orderOf(o.guid)).toEqual({ status: 'received', payment_status: 'paid' });
    expect(await stockOf(app, o.ext_id)).toBe(stock + 1);
    expect(await carryOutRefunds(app.db, app.payments)).toEqual({ done: 1, waiting: 0 });
    const b = bankOrder(formUrl);
    expect(b.refunded).toBe(150_000);
    expect(b.refundBundles[0]!.cartItems.items.map((i) => [i.itemCode, i.quantity.value, i.itemAmount])).toEqual([[o.ext_id, 1, 150_000]]);
    // No more than is left goes back.
    const tooMany = app.db.transaction(async (tx) =>
      returnGoods(tx, (await orderByGuid(tx, o.guid, true))!, manager, 'ещё', app.config.publicUrl, new Map([[o.ext_id, 2]])),
    );
    await expect(tooMany).rejects.toThrow('для возврата');

    // The last one back: the order is «Возвращён», its money all back (but delivery), the receipts adding up.
    await app.db.transaction(async (tx) =>
      returnGoods(tx, (await orderByGuid(tx, o.guid, true))!, manager, 'И второй', app.config.publicUrl),
    );
    expect(await carryOutRefunds(app.db, app.payments)).toEqual({ done: 1, waiting: 0 });
    expect(await orderOf(o.guid)).toEqual({ status: 'returned', payment_status: 'refunded' });
    expect(await stockOf(app, o.ext_id)).toBe(stock + 2);
    expect(b.refunded).toBe(300_000);
    expect(b.refundBundles.map((r) => r.cartItems.items.reduce((n, i) => n + i.quantity.value, 0))).toEqual([1, 1]);
    // Each refund under the shop's own id, which the bank keeps: a repeat of one would move no money.
    expect([...b.refunds.keys()]).toEqual([expect.stringMatching(/^refund-\d+$/), expect.stringMatching(/^refund-\d+$/)]);
    expect(new Set(b.refunds.keys()).size).toBe(2);
  });

  describe('the closing receipt when the goods are handed over', () => {
    const manager = { kind: 'manager' as const, id: null };
    const handOver = async (guid: string) => {
      for (const step of ['assembling', 'ready_for_pickup', 'received'] as const) {
        await app.db.transaction(async (tx) => advance(tx, (await orderByGuid(tx, guid, true))!, step, manager, '', app.config.publicUrl));
      }
    };
    const items = (b: Bundle) => b.cartItems.items.map((i) => [i.itemCode, i.itemAmount, i.itemAttributes.attributes[0]!.value]);

    it('closes the card payment with every unit kept at its price, all of it the offset of the prepayment; a later return refunds a full payment', async () => {
      const s = shopper(app);
      const o = await placePickupOrder(app, s, 1500, { quantity: 2 }); // + 250 pickup
      const formUrl: string = (await s.call('POST', '/api/v1/order_payment/', { guid: o.guid })).body.payment_url;
      await s.call('GET', await atBank(formUrl, 'pay'));
      const b = bankOrder(formUrl);
      await issueClosingReceipts(app.db, app.payments); // earlier tests' receipts, if any, out of the way
      await handOver(o.guid);
      const calls = bank.closeCalls;
      expect(await issueClosingReceipts(app.db, app.payments)).toEqual({ done: 1, waiting: 0 });
      expect(await issueClosingReceipts(app.db, app.payments)).toEqual({ done: 0, waiting: 0 }); // once
      expect(bank.closeCalls - calls).toBe(1);
      expect(b.closingBundles).toHaveLength(1);
      expect(b.closingBundles[0]).toMatchObject({ receiptType: 'sell', total: 325_000, payments: [{ type: 2, sum: 325_000 }] });
      expect(items(b.closingBundles[0]!)).toEqual([
        [o.ext_id, 300_000, '4'],
        ['delivery', 25_000, '4'],
      ]);
      // The desk's order page says it was issued.
      const shown = await deskOrder(app.db, (await orderByGuid(app.db, o.guid))!.id);
      expect(shown!.closing_receipt).toMatchObject({ kopecks: 325_000, status: 'done', last_error: null });
      await app.db.transaction(async (tx) =>
        returnGoods(tx, (await orderByGuid(tx, o.guid, true))!, manager, 'Не подошёл', app.config.publicUrl, new Map([[o.ext_id, 1]])),
      );
      await carryOutRefunds(app.db, app.payments);
      expect(items(b.refundBundles[0]!)).toEqual([[o.ext_id, 150_000, '4']]);
    });

    it('makes a closing receipt still waiting for the bank again when goods come back, and drops it when nothing is left to close', async () => {
      const s = shopper(app);
      const o = await placePickupOrder(app, s, 1500, { quantity: 2 }); // + 250 pickup
      const formUrl: string = (await s.call('POST', '/api/v1/order_payment/', { guid: o.guid })).body.payment_url;
      await s.call('GET', await atBank(formUrl, 'pay'));
      await issueClosingReceipts(app.db, app.payments); // earlier tests' receipts, if any, out of the way
      await handOver(o.guid); // its closing receipt waits: the bank is not asked yet
      const waiting = async () =>
        (
          await app.db.query<{ total: number }>(
            `select (receipt->>'total')::int as total from closing_receipts c join orders o on o.id = c.order_id where o.guid = $1`,
            [o.guid],
          )
        ).map((r) => r.total);
      expect(await waiting()).toEqual([325_000]);
      const giveBack = (n: number) =>
        app.db.transaction(async (tx) =>
          returnGoods(tx, (await orderByGuid(tx, o.guid, true))!, manager, 'Не подошёл', app.config.publicUrl, new Map([[o.ext_id, n]])),
        );
      await giveBack(1);
      expect(await waiting()).toEqual([175_000]); // one unit and the delivery
      await issueClosingReceipts(app.db, app.payments);
      expect(items(bankOrder(formUrl).closingBundles[0]!)).toEqual([
        [o.ext_id, 150_000, '4'],
        ['delivery', 25_000, '4'],
      ]);
      // A second order, all its goods back before the bank was asked: the delivery, which was carried out, is
      // all that is left to close; with free delivery, nothing is.
      const closingOf = async (guid: string) =>
        (
          await app.db.query<{ total: number }>(
            `select (receipt->>'total')::int as total from closing_receipts c join orders o on o.id = c.order_id where o.guid = $1`,
            [guid],
          )
        ).map((r) => r.total);
      const allBack = async (price: number) => {
        const other = await placePickupOrder(app, s, price);
        const otherForm: string = (await s.call('POST', '/api/v1/order_payment/', { guid: other.guid })).body.payment_url;
        await s.call('GET', await atBank(otherForm, 'pay'));
        await handOver(other.guid);
        await app.db.transaction(async (tx) =>
          returnGoods(tx, (await orderByGuid(tx, other.guid, true))!, manager, 'Не подошёл', app.config.publicUrl),
        );
        return closingOf(other.guid);
      };
      expect(await allBack(1400)).toEqual([25_000]);
      expect(await allBack(6000)).toEqual([]); // pickup is free from 5 000 ₽
    });

    it('gives a certificate back as the advance it was sold as, beside goods refunded as a full payment after the closing receipt', async () => {
      const s = shopper(app);
      const v = await freshVariant(app, 10);
      await app.db.query('update products set price = 2000, old_price = null, active = true where id = $1', [v.product_id]);
      await s.call('POST', '/api/v2/cart/', { ext_id: v.ext_id, quantity: 1 });
      await s.call('POST', '/api/v2/cart/', { ext_id: 'GC-1000', quantity: 1 });
      const o = (await s.call('POST', '/api/v2/order/', { buyer: BUYER, ...(await city(app, 'Москва')), delivery_method: 'pickup' })).body;
      const formUrl: string = (await s.call('POST', '/api/v1/order_payment/', { guid: o.guid })).body.payment_url;
      await s.call('GET', await atBank(formUrl, 'pay'));
      await issueClosingReceipts(app.db, app.payments); // earlier tests' receipts, if any, out of the way
      await handOver(o.guid);
      await issueClosingReceipts(app.db, app.payments);
      await app.db.transaction(async (tx) =>
        returnGoods(tx, (await orderByGuid(tx, o.guid, true))!, manager, 'Не подошёл', app.config.publicUrl),
      );
      await carryOutRefunds(app.db, app.payments);
      const refund = bankOrder(formUrl).refundBundles[0]!;
      expect(refund.cartItems.items.map((i) => [i.itemCode, i.itemAttributes.attributes.map((a) => a.value).join('/')])).toEqual([
        [v.ext_id, '4/1'],
        ['GC-1000', '3/10'],
      ]);
    });

    it('closes an order a gift card paid part of for the whole of its goods and delivery, against the card payment', async () => {
      const { o, b } = await paidPartlyByGiftCard('SBER-CLOSE');
      await handOver(o.guid);
      await issueClosingReceipts(app.db, app.payments);
      expect(b.closingBundles[0]).toMatchObject({ total: 425_000, payments: [{ type: 2, sum: 425_000 }] });
    });

    it('closes an order paid wholly by a gift card against the payment that bought the card; one the shop gave away is left to the cash register', async () => {
      // A certificate bought at the bank's form becomes a gift card…
      const buyer = shopper(app);
      await buyer.call('POST', '/api/v2/cart/', { ext_id: 'GC-5000', quantity: 1 });
      const cert = (await buyer.call('POST', '/api/v2/order/', { buyer: BUYER, ...(await city(app, 'Москва')), delivery_method: 'pickup' }))
        .body;
      const certForm: string = (await buyer.call('POST', '/api/v1/order_payment/', { guid: cert.guid })).body.payment_url;
      await buyer.call('GET', await atBank(certForm, 'pay'));
      const [card] = await app.db.query<{ code: string }>(
        'select code from gift_cards where order_id = (select id from orders where guid = $1)',
        [cert.guid],
      );
      // …which pays all of another order: its goods' closing receipt offsets the certificate's advance.
      const o = await placePickupOrder(app, shopper(app), 3000, { gift_card: card!.code });
      expect(o).toMatchObject({ total: 3250, due: 0 });
      await handOver(o.guid);
      await issueClosingReceipts(app.db, app.payments);
      expect(bankOrder(certForm).closingBundles[0]).toMatchObject({ total: 325_000, payments: [{ type: 2, sum: 325_000 }] });

      await app.db.query(
        `insert into gift_cards (code, initial, balance, expires_at) values ('GIVEN-5000', 5000, 5000, now() + interval '1 year')`,
      );
      const given = await placePickupOrder(app, shopper(app), 3000, { gift_card: 'GIVEN-5000' });
      await handOver(given.guid);
      expect(
        await app.db.query('select 1 from closing_receipts where order_id = (select id from orders where guid = $1)', [given.guid]),
      ).toEqual([]);
      const [last] = await app.db.query<{ comment: string }>(
        `select h.comment from order_status_history h join orders o on o.id = h.order_id where o.guid = $1 order by h.id desc limit 1`,
        [given.guid],
      );
      expect(last!.comment).toContain('пробейте чек в кассе');
    });

    it('hands over an old order whose lines do not add up to its total, and tells the manager to make its receipt at the register', async () => {
      const s = shopper(app);
      const o = await placePickupOrder(app, s, 2100);
      const formUrl: string = (await s.call('POST', '/api/v1/order_payment/', { guid: o.guid })).body.payment_url;
      await s.call('GET', await atBank(formUrl, 'pay'));
      await app.db.query('update orders set total = total + 7 where guid = $1', [o.guid]);
      await handOver(o.guid);
      const [row] = await app.db.query<{ status: string; comment: string }>(
        `select o.status, h.comment from orders o join order_status_history h on h.order_id = o.id where o.guid = $1 order by h.id desc limit 1`,
        [o.guid],
      );
      expect(row).toEqual({ status: 'received', comment: expect.stringContaining('пробейте чек в кассе') });
    });

    it('the bank refuses a closing receipt that is not a full payment, and one of an order it gave all back', async () => {
      const s = shopper(app);
      const o = await placePickupOrder(app, s, 1200); // + 250 pickup
      const formUrl: string = (await s.call('POST', '/api/v1/order_payment/', { guid: o.guid })).body.payment_url;
      await s.call('GET', await atBank(formUrl, 'pay'));
      const b = bankOrder(formUrl);
      const close = (bundle: unknown) =>
        fetch(`${bank.url}/payment/rest/closeOfdReceipt.do`, {
          method: 'POST',
          body: new URLSearchParams({
            ...SBERBANK_TEST_LOGIN,
            mdOrder: b.orderId,
            amount: String(b.amount),
            orderBundle: JSON.stringify(bundle),
          }),
        }).then((r) => r.json() as Promise<{ errorCode: string; errorMessage: string }>);
      // The sale's own receipt (a prepayment, the card's money) is no closing one.
      expect(await close(b.bundle)).toMatchObject({ errorCode: '8', errorMessage: expect.stringMatching(/paymentMethod 4/) });
      await app.db.transaction(async (tx) =>
        cancel(tx, (await orderByGuid(tx, o.guid, true))!, manager, 'Нет размера', app.config.publicUrl),
      );
      await carryOutRefunds(app.db, app.payments);
      expect(await close(b.bundle)).toMatchObject({ errorCode: '7' });
    });
  });
});
