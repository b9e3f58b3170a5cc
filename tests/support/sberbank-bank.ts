// A stand-in for Sberbank's internet acquiring, for tests: its REST API (register.do,
// getOrderStatusExtended.do) and its payment form on one loopback HTTP server, answering in the bank's
// shapes, so the shop's real provider (server/payments/sberbank.ts) runs against it (server tests, and the
// e2e run from Playwright's globalSetup).
//
//   const bank = await startSberbank({ port: 0, callbackUrl, callbackKey });
//   Object.assign(process.env, sberbankEnv(bank.url, callbackKey)); // before the shop's server starts
//   await bank.close();
//
// Endpoints:
//   POST /payment/rest/register.do                 form: userName, password, orderNumber, amount (kopecks),
//                                                  returnUrl, failUrl, description, sessionTimeoutSecs,
//                                                  orderBundle (the receipt, JSON) → {orderId, formUrl}; else
//                                                  {errorCode, errorMessage} (5: wrong login, 1: orderNumber
//                                                  used, 3/4: a missing or bad field, 8: a receipt that does
//                                                  not add up or lacks a field: checkBundle)
//   POST /payment/rest/getOrderStatusExtended.do   form: userName, password, orderId → {errorCode: '0',
//                                                  orderNumber, orderStatus, amount (as registered), currency,
//                                                  actionCode, paymentAmountInfo {paymentState,
//                                                  approvedAmount, depositedAmount, refundedAmount}}
//                                                  (orderStatus 0 registered, 2 paid, 4 a refund made
//                                                  (whole or part), 6 declined)
//   POST /payment/rest/refund.do                   form: userName, password, orderId, amount (kopecks),
//                                                  externalRefundId (the shop's id of the refund, 1–36
//                                                  characters: the same id again is answered as the first
//                                                  was, and refunds nothing more; with another amount it is
//                                                  refused, 5), orderBundle (the sell_refund receipt:
//                                                  positions of the registered one, no more than are left)
//                                                  → {errorCode: '0'}; else 7 (not paid, or more than is
//                                                  left), 8 (the receipt). After any refund, whole or part,
//                                                  orderStatus is 4 («по заказу была проведена операция
//                                                  возврата»), and refunds go on while money is left.
//   GET  /payment/merchants/sbersafe/payment_ru.html?mdOrder=…   the form: «Оплата заказа», the sum, a card,
//                                                  «Оплатить» and «Отменить»
//   GET  /standin/orders?orderNumber=…             not the bank's: what it holds of the shop's orders with that
//                                                  orderNumber (sum, money taken and refunded, the receipts), for
//                                                  a test in another process (the end-to-end run's)
//   POST …/pay?mdOrder=… | …/decline?mdOrder=…     status 2 or 6, then 302 to returnUrl or failUrl with
//                                                  &orderId=…; after a payment, the signed callback 'deposited'
//                                                  to callbackUrl, on its own (as the bank's may come before or
//                                                  after the buyer is back); a callback the shop does not
//                                                  answer 200 is kept in callbackFailures
import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import type net from 'node:net';

export const SBERBANK_TEST_LOGIN = { userName: 'moreimoda-api', password: 'bank-test-password' } as const;
/** The callback key of the end-to-end run's bank. */
export const E2E_BANK_CALLBACK_KEY = 'e2e-bank-callback-key';

export interface BankOrder {
  orderId: string;
  orderNumber: string;
  /** Kopecks, as registered. */
  amount: number;
  /** Kopecks the bank took (0 until paid). */
  deposited: number;
  /** Kopecks given back by refund.do. */
  refunded: number;
  returnUrl: string;
  failUrl: string;
  description: string;
  sessionTimeoutSecs: number;
  /** 0 registered, 2 paid, 4 a refund was made (whole or part: refundedAmount says how much), 6 declined. */
  orderStatus: number;
  /** The refunds made, by the shop's externalRefundId (or the bank's own id when none was sent), with their kopecks. */
  refunds: Map<string, number>;
  /** The sale's receipt it was registered with; null for one registered without (a test sets it so, for a
   *  payment the shop took before it kept receipts): its refunds are then checked against no sale. */
  bundle: Bundle | null;
  /** Each refund's receipt, in order. */
  refundBundles: Bundle[];
}

/**
 * The receipt (orderBundle) as the bank reads it; checkBundle holds it to the gateway's rules. Written apart
 * from the shop's own type (server/payments/sberbank-receipt.ts) on purpose: were the bank to borrow the shop's
 * reading, a field the shop misnamed would pass.
 */
export interface Bundle {
  receiptType: string;
  customerDetails?: { email?: string; phone?: string; fullName?: string };
  cartItems: {
    items: {
      positionId: string;
      name: string;
      quantity: { value: number; measure: string };
      itemAmount: number;
      itemPrice: number;
      itemCode: string;
      tax: { taxType: number };
      itemAttributes: { attributes: { name: string; value: string }[] };
    }[];
  };
  payments?: { type: number; sum: number }[];
  total: number;
}

const kopecks = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 0;

/**
 * Why the gateway would refuse a receipt, or null: every field a fiscal receipt needs, in kopecks; each
 * position's amount its price times its quantity; the total the sum of the positions and of the payments;
 * the card's payment the sum the call moves. A refund's positions are the sale's, no more of each than is
 * left after earlier refunds.
 */
export function checkBundle(raw: string | null, type: 'sell' | 'sell_refund', amount: number, sale?: BankOrder): string | null {
  if (!raw) return 'Не передана корзина (orderBundle): магазин с онлайн-кассой передаёт чек с каждым платежом';
  let b: Bundle;
  try {
    b = JSON.parse(raw) as Bundle;
  } catch {
    return 'Неверный формат корзины';
  }
  if (b.receiptType !== type) return `Тип чека ${String(b.receiptType)}, ожидается ${type}`;
  if (!b.customerDetails?.email && !b.customerDetails?.phone) return 'Не указан e-mail или телефон покупателя для чека';
  const items = b.cartItems?.items;
  if (!Array.isArray(items) || items.length === 0) return 'Корзина пуста';
  const ids = new Set<string>();
  const codes = new Set<string>();
  for (const i of items) {
    const at = `позиция ${String(i.positionId)}`;
    if (typeof i.positionId !== 'string' || !i.positionId || ids.has(i.positionId)) return `${at}: неверный или повторный positionId`;
    if (typeof i.itemCode !== 'string' || !i.itemCode || codes.has(i.itemCode)) return `${at}: неверный или повторный itemCode`;
    ids.add(i.positionId);
    codes.add(i.itemCode);
    if (typeof i.name !== 'string' || !i.name.trim() || i.name.length > 100) return `${at}: неверное название`;
    if (typeof i.quantity?.value !== 'number' || !(i.quantity.value > 0) || !i.quantity.measure) return `${at}: неверное количество`;
    if (!kopecks(i.itemPrice) || !kopecks(i.itemAmount)) return `${at}: цена и сумма — целое число копеек`;
    if (i.itemAmount !== Math.round(i.itemPrice * i.quantity.value)) return `${at}: сумма позиции не равна цене, умноженной на количество`;
    if (!Number.isInteger(i.tax?.taxType) || i.tax.taxType < 0 || i.tax.taxType > 13) return `${at}: неверная ставка НДС (taxType)`;
    const attr = (name: string) => Number(i.itemAttributes?.attributes?.find((a) => a.name === name)?.value);
    if (!(attr('paymentMethod') >= 1 && attr('paymentMethod') <= 7)) return `${at}: неверный признак способа расчёта (paymentMethod)`;
    if (!(attr('paymentObject') >= 1 && attr('paymentObject') <= 13)) return `${at}: неверный признак предмета расчёта (paymentObject)`;
  }
  const sum = items.reduce((s, i) => s + i.itemAmount, 0);
  if (b.total !== sum) return 'Сумма товарных позиций в Корзине не совпадает с общей суммой заказа';
  const payments = b.payments ?? [{ type: 1, sum }];
  if (!payments.every((p) => kopecks(p.sum) && (p.type === 1 || p.type === 2))) return 'Неверные оплаты чека';
  if (payments.reduce((s, p) => s + p.sum, 0) !== sum) return 'Сумма оплат чека не совпадает с суммой позиций';
  if (payments.filter((p) => p.type === 1).reduce((s, p) => s + p.sum, 0) !== amount)
    return 'Сумма оплаты картой в чеке не совпадает с суммой операции';
  if (sale) {
    for (const i of items) {
      const sold = sale.bundle?.cartItems.items.find((s) => s.positionId === i.positionId && s.itemCode === i.itemCode);
      if (!sold || sold.itemPrice !== i.itemPrice) return `позиция ${i.positionId}: нет такой позиции в чеке продажи`;
      const back = sale.refundBundles.flatMap((r) => r.cartItems.items).filter((r) => r.positionId === i.positionId);
      if (back.reduce((s, r) => s + r.quantity.value, 0) + i.quantity.value > sold.quantity.value) {
        return `позиция ${i.positionId}: возвращается больше, чем продано`;
      }
    }
  }
  return null;
}

export interface SberbankStandIn {
  /** http://127.0.0.1:<port> */
  url: string;
  /** Every order registered, by the bank's order id. */
  orders: Map<string, BankOrder>;
  /** The next register.do answers this error instead (once). */
  failNextRegistration(errorCode: string, errorMessage: string): void;
  /** Marks an order paid, for this many kopecks when given (a bank that took another sum), without a callback. */
  setPaid(orderId: string, deposited?: number): void;
  /** The next call to the API gets its connection closed, as a bank that is down would. */
  dropNextCall(): void;
  /**
   * register.do calls wait for release() from now on, as a slow bank's would: `arrived` settles when the
   * first of them has come.
   */
  holdRegistrations(): { arrived: Promise<void>; release(): void };
  /** register.do calls made so far. */
  registrations: number;
  /** refund.do calls made so far. */
  refundCalls: number;
  /** The next refund.do is carried out but its answer is lost (the connection closed), as after a timeout. */
  loseNextRefundAnswer(): void;
  /** The query of a callback for the order (extra parameters added), signed with the callback key when there is one. */
  callbackQuery(orderId: string, operation?: string, extra?: Record<string, string>): string;
  /** Callbacks the shop did not answer with 200: what was sent and what came back. */
  callbackFailures: string[];
  close(): Promise<void>;
}

/** The env that points the shop at the stand-in (server/config.ts). */
export const sberbankEnv = (url: string, callbackKey?: string): Record<string, string> => ({
  PAYMENT_PROVIDER: 'sberbank',
  SBERBANK_API_URL: `${url}/payment/rest/`,
  SBERBANK_USERNAME: SBERBANK_TEST_LOGIN.userName,
  SBERBANK_PASSWORD: SBERBANK_TEST_LOGIN.password,
  VAT_RATE: '20',
  ...(callbackKey ? { SBERBANK_CALLBACK_KEY: callbackKey } : {}),
});

/** The bank's callback checksum: parameters sorted by name, "name;value;" each, HMAC-SHA256, upper-case hex. */
function checksum(params: Record<string, string>, key: string): string {
  const text = Object.keys(params)
    .sort()
    .map((k) => `${k};${params[k]};`)
    .join('');
  return createHmac('sha256', key).update(text).digest('hex').toUpperCase();
}

const readBody = (req: http.IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (c: Buffer) => (data += c.toString()));
    req.on('end', () => resolve(data));
  });

const page = (title: string, body: string) => `<!doctype html><html lang="ru"><head><meta charset="utf-8">
<title>${title} — Сбербанк (тест)</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;

export async function startSberbank(opts: { port?: number; callbackUrl?: string; callbackKey?: string } = {}): Promise<SberbankStandIn> {
  const orders = new Map<string, BankOrder>();
  let nextError: { errorCode: string; errorMessage: string } | null = null;
  let base = '';

  const json = (res: http.ServerResponse, body: unknown) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  const loginOk = (f: URLSearchParams) =>
    f.get('userName') === SBERBANK_TEST_LOGIN.userName && f.get('password') === SBERBANK_TEST_LOGIN.password;

  const callbackFailures: string[] = [];
  let dropNext = false;
  let held: { arrive(): void; released: Promise<void> } | null = null;
  let registrations = 0;
  let refundCalls = 0;
  let loseRefundAnswer = false;
  const callbackQuery = (o: BankOrder, operation = 'deposited', extra: Record<string, string> = {}) => {
    const params: Record<string, string> = { mdOrder: o.orderId, orderNumber: o.orderNumber, operation, status: '1', ...extra };
    if (opts.callbackKey) params.checksum = checksum(params, opts.callbackKey);
    return String(new URLSearchParams(params));
  };
  const sendCallback = async (o: BankOrder) => {
    if (!opts.callbackUrl) return;
    const url = `${opts.callbackUrl}?${callbackQuery(o, 'deposited', { amount: String(o.deposited) })}`;
    try {
      const res = await fetch(url);
      if (res.status !== 200) callbackFailures.push(`${url} → ${res.status} ${await res.text()}`);
    } catch (err) {
      callbackFailures.push(`${url} → ${String(err)}`);
    }
  };

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://bank');
    if (dropNext && url.pathname.startsWith('/payment/rest/')) {
      dropNext = false;
      return req.socket.destroy();
    }
    const form = new URLSearchParams(req.method === 'POST' ? await readBody(req) : '');
    const order = orders.get(url.searchParams.get('mdOrder') ?? form.get('orderId') ?? '');

    if (url.pathname === '/payment/rest/register.do' && req.method === 'POST') {
      registrations += 1;
      if (held) {
        held.arrive();
        await held.released;
      }
      if (!loginOk(form)) return json(res, { errorCode: '5', errorMessage: 'Доступ запрещён' });
      if (nextError) {
        const e = nextError;
        nextError = null;
        return json(res, e);
      }
      const orderNumber = form.get('orderNumber') ?? '';
      const amount = Number(form.get('amount'));
      if (!orderNumber || !form.get('returnUrl')) return json(res, { errorCode: '4', errorMessage: 'Не указан обязательный параметр' });
      if (!Number.isInteger(amount) || amount <= 0) return json(res, { errorCode: '3', errorMessage: 'Неверная сумма' });
      if ([...orders.values()].some((o) => o.orderNumber === orderNumber)) {
        return json(res, { errorCode: '1', errorMessage: 'Заказ с таким номером уже обработан' });
      }
      const badReceipt = checkBundle(form.get('orderBundle'), 'sell', amount);
      if (badReceipt) return json(res, { errorCode: '8', errorMessage: badReceipt });
      const o: BankOrder = {
        orderId: randomUUID(),
        orderNumber,
        amount,
        returnUrl: form.get('returnUrl')!,
        failUrl: form.get('failUrl') ?? form.get('returnUrl')!,
        description: form.get('description') ?? '',
        sessionTimeoutSecs: Number(form.get('sessionTimeoutSecs') ?? 1200),
        orderStatus: 0,
        deposited: 0,
        refunded: 0,
        refunds: new Map(),
        bundle: JSON.parse(form.get('orderBundle')!) as Bundle,
        refundBundles: [],
      };
      orders.set(o.orderId, o);
      return json(res, { orderId: o.orderId, formUrl: `${base}/payment/merchants/sbersafe/payment_ru.html?mdOrder=${o.orderId}` });
    }

    if (url.pathname === '/payment/rest/getOrderStatusExtended.do' && req.method === 'POST') {
      if (!loginOk(form)) return json(res, { errorCode: '5', errorMessage: 'Доступ запрещён' });
      if (!order) return json(res, { errorCode: '6', errorMessage: 'Заказ не найден' });
      return json(res, {
        errorCode: '0',
        errorMessage: 'Успешно',
        orderNumber: order.orderNumber,
        orderStatus: order.orderStatus,
        actionCode: order.orderStatus === 6 ? -2007 : 0,
        amount: order.amount,
        currency: '643',
        paymentAmountInfo: {
          paymentState: { 2: 'DEPOSITED', 4: 'REFUNDED', 6: 'DECLINED' }[order.orderStatus] ?? 'CREATED',
          approvedAmount: order.deposited,
          depositedAmount: order.deposited,
          refundedAmount: order.refunded,
        },
      });
    }

    if (url.pathname === '/payment/rest/refund.do' && req.method === 'POST') {
      refundCalls += 1;
      if (!loginOk(form)) return json(res, { errorCode: '5', errorMessage: 'Доступ запрещён' });
      if (!order) return json(res, { errorCode: '6', errorMessage: 'Заказ не найден' });
      const amount = Number(form.get('amount'));
      const refundId = form.get('externalRefundId');
      if (refundId !== null && !/^.{1,36}$/u.test(refundId)) {
        return json(res, { errorCode: '4', errorMessage: 'Неверный формат параметра externalRefundId' });
      }
      // A refund the bank has made under this id: the same call again is answered as before, and moves nothing.
      const earlier = refundId === null ? undefined : order.refunds.get(refundId);
      if (earlier !== undefined) {
        return earlier === amount
          ? json(res, { errorCode: '0', errorMessage: 'Успешно' })
          : json(res, { errorCode: '5', errorMessage: 'Возврат с таким externalRefundId уже проведён на другую сумму' });
      }
      const settled = order.orderStatus === 2 || order.orderStatus === 4;
      if (!settled || !Number.isInteger(amount) || amount <= 0 || amount > order.deposited - order.refunded) {
        return json(res, { errorCode: '7', errorMessage: 'Общая сумма возвратов превышает сумму заказа' });
      }
      if (order.bundle || form.get('orderBundle')) {
        const badReceipt = checkBundle(form.get('orderBundle'), 'sell_refund', amount, order.bundle ? order : undefined);
        if (badReceipt) return json(res, { errorCode: '8', errorMessage: badReceipt });
        order.refundBundles.push(JSON.parse(form.get('orderBundle')!) as Bundle);
      }
      order.refunded += amount;
      order.refunds.set(refundId ?? randomUUID(), amount);
      order.orderStatus = 4;
      if (loseRefundAnswer) {
        loseRefundAnswer = false;
        return req.socket.destroy();
      }
      return json(res, { errorCode: '0', errorMessage: 'Успешно' });
    }

    if (url.pathname === '/standin/orders' && req.method === 'GET') {
      const number = url.searchParams.get('orderNumber');
      return json(
        res,
        [...orders.values()].filter((o) => o.orderNumber === number),
      );
    }

    if (url.pathname === '/payment/merchants/sbersafe/payment_ru.html' && order) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      const sum = (order.amount / 100).toLocaleString('ru-RU');
      return res.end(
        order.orderStatus === 0
          ? page(
              'Оплата заказа',
              `<p>${order.description}</p><p>К оплате: ${sum} ₽</p>
<form method="post" action="/payment/merchants/sbersafe/pay?mdOrder=${order.orderId}">
<label>Номер карты <input name="pan" value="4111 1111 1111 1111"></label>
<button type="submit">Оплатить</button></form>
<form method="post" action="/payment/merchants/sbersafe/decline?mdOrder=${order.orderId}"><button type="submit">Отменить</button></form>`,
            )
          : page('Оплата заказа', '<p>Заказ уже обработан.</p>'),
      );
    }

    if ((url.pathname === '/payment/merchants/sbersafe/pay' || url.pathname === '/payment/merchants/sbersafe/decline') && order) {
      const paid = url.pathname.endsWith('/pay');
      const settling = order.orderStatus === 0;
      if (settling) {
        order.orderStatus = paid ? 2 : 6;
        if (paid) order.deposited = order.amount;
      }
      const back = paid ? order.returnUrl : order.failUrl;
      res.writeHead(302, { location: `${back}${back.includes('?') ? '&' : '?'}orderId=${order.orderId}&lang=ru` });
      res.end();
      if (settling && paid) setTimeout(() => void sendCallback(order), 200);
      return;
    }

    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('Не найдено');
  });

  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  return {
    url: base,
    orders,
    failNextRegistration(errorCode, errorMessage) {
      nextError = { errorCode, errorMessage };
    },
    setPaid(orderId, deposited) {
      const o = orders.get(orderId)!;
      o.orderStatus = 2;
      o.deposited = deposited ?? o.amount;
    },
    dropNextCall() {
      dropNext = true;
    },
    get refundCalls() {
      return refundCalls;
    },
    loseNextRefundAnswer() {
      loseRefundAnswer = true;
    },
    holdRegistrations() {
      let arrive!: () => void;
      let release!: () => void;
      const arrived = new Promise<void>((r) => (arrive = r));
      const released = new Promise<void>((r) => (release = r));
      held = { arrive, released };
      return {
        arrived,
        release: () => {
          held = null;
          release();
        },
      };
    },
    get registrations() {
      return registrations;
    },
    callbackQuery: (orderId, operation, extra) => callbackQuery(orders.get(orderId)!, operation, extra),
    callbackFailures,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
