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
//                                                  taxSystem (0–5), orderBundle (the receipt, JSON, FFD 1.2)
//                                                  → {orderId, formUrl}; else {errorCode, errorMessage} (5:
//                                                  wrong login or taxSystem, 1: orderNumber used, 3/4: a
//                                                  missing or bad field, 8: a receipt off the schema or whose
//                                                  positions do not add up to the amount: checkBundle)
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
//   POST /payment/rest/closeOfdReceipt.do          form: userName, password, mdOrder (or orderNumber), amount,
//                                                  orderBundle (the closing receipt: every position a full
//                                                  payment, paymentMethod 4, all of it the offset of the
//                                                  prepayment, payments type 2) → {errorCode: '0'}; else 6 (no
//                                                  such order), 7 (nothing paid, or all of it given back), 8
//                                                  (the receipt); the gateway keeps no id of one: each call
//                                                  prints another
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
  /** Each closing (full-payment) receipt issued against it by closeOfdReceipt.do, in order. */
  closingBundles: Bundle[];
}

/**
 * The receipt (orderBundle) as the bank reads it; checkBundle holds it to the gateway's rules. Written apart
 * from the shop's own type (server/payments/sberbank-receipt.ts) on purpose: were the bank to borrow the shop's
 * reading, a field the shop misnamed would pass.
 */
export interface Bundle {
  ffdVersion?: string;
  receiptType: string;
  orderCreationDate?: unknown;
  company?: { email?: string; sno?: string; inn?: string; paymentAddress?: string };
  customerDetails?: { email?: string; phone?: string; fullName?: string };
  cartItems: {
    items: {
      positionId: string;
      name: string;
      quantity: { value: number; measure: unknown };
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

/** The schema's alphabet of names and codes (printable ASCII, Russian letters, Ё, №), at most 100 characters. */
const SCHEMA_TEXT = /^[ -~А-Яа-яЁё№]{1,100}$/;
/** quantity.measure under FFD 1.2 (tag 2108): these codes only (0 pieces, 10 g, 11 kg … 255 other). */
const MEASURES = new Set([0, 10, 11, 12, 20, 21, 22, 30, 31, 32, 40, 41, 42, 50, 51, 70, 71, 72, 73, 80, 81, 82, 83, 255]);
/**
 * tax.taxType by the RBS gateway's table: 0 no VAT, 1 0 %, 2 10 %, 4 10/110, 6 20 %, 7 20/120, 10 5 %,
 * 11 5/105, 12 7 %, 13 7/107, 14 22 %, 15 22/122 (3 and 5, the 18 % of before 2019, are gone).
 */
const TAX_TYPES = new Set([0, 1, 2, 4, 6, 7, 10, 11, 12, 13, 14, 15]);
/** The fields of orderBundle in the schema (ECOM 1.0.7); any other is refused. */
const BUNDLE_FIELDS = new Set([
  'ffdVersion',
  'receiptType',
  'orderCreationDate',
  'company',
  'customerDetails',
  'cartItems',
  'payments',
  'total',
  'agent',
  'additionalOfdParams',
]);
/** company.sno (tag 1055). */
const TAX_SYSTEMS = new Set(['osn', 'usn_income', 'usn_income_outcome', 'esn', 'patent']);
/** paymentMethod 1–7 (tag 1214): 1 full prepayment, 2 partial prepayment, 3 advance, 4 full payment, 5–7 credit. */
const FULL_PAYMENT = 4;
const ADVANCE = 3;
/** paymentObject (tag 1212) of an advance: 10, a payment. */
const PAYMENT_OBJECT_PAYMENT = 10;

/**
 * Why the gateway would refuse a receipt, or null: the FFD 1.2 schema of orderBundle field by field (version,
 * the seller's company block, the documented date form, names and codes in the schema's alphabet, numeric
 * measures, the tax, method and object codes of the tables), in kopecks; each position's amount its price
 * times its quantity; the positions adding up to the sum the call moves («Сумма всех товарных позиций Корзины
 * должна быть равна сумме Заказа»), and to the total and the payments; an earlier advance offset (payments type
 * 2) only on a full-payment receipt. A refund's positions are the sale's, no more of each than is left after
 * earlier refunds.
 */
export function checkBundle(
  raw: string | null,
  type: 'sell' | 'sell_refund',
  amount: number,
  sale?: BankOrder,
  closing = false,
): string | null {
  if (!raw) return 'Не передана корзина (orderBundle): магазин с онлайн-кассой передаёт чек с каждым платежом';
  let b: Bundle;
  try {
    b = JSON.parse(raw) as Bundle;
  } catch {
    return 'Неверный формат корзины';
  }
  const unknown = Object.keys(b).find((k) => !BUNDLE_FIELDS.has(k));
  if (unknown) return `Неверный формат корзины: поле ${unknown} не из схемы`;
  if (b.ffdVersion !== '1.2') return `Версия ФФД ${String(b.ffdVersion)} не совпадает с версией кассы магазина (1.2)`;
  if (b.receiptType !== type) return `Тип чека ${String(b.receiptType)}, ожидается ${type}`;
  if (b.orderCreationDate !== undefined && !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(String(b.orderCreationDate)))
    return 'Неверный формат даты заказа (orderCreationDate): ожидается YYYY-MM-DDTHH:mm:ss';
  const c = b.company;
  if (!c) return 'Не передан блок company: при фискализации он обязателен';
  if (!c.email || c.email.length > 64 || !/^[^@\s]+@[^@\s]+$/.test(c.email)) return 'Неверный e-mail продавца (company.email)';
  if (!TAX_SYSTEMS.has(String(c.sno))) return 'Неверная система налогообложения (company.sno)';
  if (!/^(\d{10}|\d{12})$/.test(String(c.inn))) return 'Неверный ИНН продавца (company.inn)';
  if (!c.paymentAddress || c.paymentAddress.length > 256) return 'Неверное место расчётов (company.paymentAddress)';
  if (!b.customerDetails?.email && !b.customerDetails?.phone) return 'Не указан e-mail или телефон покупателя для чека';
  const items = b.cartItems?.items;
  if (!Array.isArray(items) || items.length === 0) return 'Корзина пуста';
  const ids = new Set<string>();
  const codes = new Set<string>();
  const methods = new Set<number>();
  for (const i of items) {
    const at = `позиция ${String(i.positionId)}`;
    if (typeof i.positionId !== 'string' || !i.positionId || ids.has(i.positionId)) return `${at}: неверный или повторный positionId`;
    if (typeof i.itemCode !== 'string' || !SCHEMA_TEXT.test(i.itemCode) || codes.has(i.itemCode))
      return `${at}: неверный или повторный itemCode`;
    ids.add(i.positionId);
    codes.add(i.itemCode);
    if (typeof i.name !== 'string' || !SCHEMA_TEXT.test(i.name))
      return `${at}: название не по схеме (до 100 знаков: латиница, кириллица, цифры, знаки ASCII, №)`;
    if (typeof i.quantity?.value !== 'number' || !(i.quantity.value > 0)) return `${at}: неверное количество`;
    if ('measurementUnit' in i) return `${at}: measurementUnit передаётся только по ФФД 1.05`;
    if (!/^\d+$/.test(String(i.quantity.measure)) || !MEASURES.has(Number(i.quantity.measure)))
      return `${at}: мера количества по ФФД 1.2 — числовой код (0 — штуки)`;
    if (!kopecks(i.itemPrice) || !kopecks(i.itemAmount)) return `${at}: цена и сумма — целое число копеек`;
    if (i.itemAmount !== Math.round(i.itemPrice * i.quantity.value)) return `${at}: сумма позиции не равна цене, умноженной на количество`;
    if (!TAX_TYPES.has(i.tax?.taxType)) return `${at}: неверная ставка НДС (taxType)`;
    const attr = (name: string) => Number(i.itemAttributes?.attributes?.find((a) => a.name === name)?.value);
    const method = attr('paymentMethod');
    const object = attr('paymentObject');
    if (!(Number.isInteger(method) && method >= 1 && method <= 7)) return `${at}: неверный признак способа расчёта (paymentMethod)`;
    if (!(Number.isInteger(object) && object >= 1 && object <= 27)) return `${at}: неверный признак предмета расчёта (paymentObject)`;
    if (method === ADVANCE && object !== PAYMENT_OBJECT_PAYMENT) return `${at}: аванс (paymentMethod 3) — предмет расчёта «платёж» (10)`;
    methods.add(method);
  }
  const sum = items.reduce((s, i) => s + i.itemAmount, 0);
  if (sum !== amount && type === 'sell') return 'Сумма товарных позиций в Корзине не совпадает с общей суммой заказа';
  if (closing && [...methods].some((m) => m !== FULL_PAYMENT)) return 'Чек полного расчёта: у каждой позиции paymentMethod 4';
  if (b.total !== sum) return 'Сумма товарных позиций в Корзине не совпадает с общей суммой заказа';
  const payments = b.payments ?? [{ type: 1, sum }];
  if (!payments.every((p) => kopecks(p.sum) && [1, 2, 3, 4].includes(p.type))) return 'Неверные оплаты чека';
  if (payments.reduce((s, p) => s + p.sum, 0) !== sum) return 'Сумма оплат чека не совпадает с суммой позиций';
  if (payments.some((p) => p.type === 2 && p.sum > 0) && [...methods].some((m) => m !== FULL_PAYMENT))
    return 'Зачёт предоплаты (payments type 2) — только в чеке полного расчёта (paymentMethod 4)';
  if (payments.filter((p) => p.type === 1).reduce((s, p) => s + p.sum, 0) !== (closing ? 0 : amount))
    return 'Сумма оплаты картой в чеке не совпадает с суммой операции';
  if (sale && !closing) {
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
  /** closeOfdReceipt.do calls made so far. */
  closeCalls: number;
  /** The next refund.do is carried out but its answer is lost (the connection closed), as after a timeout. */
  loseNextRefundAnswer(): void;
  /** The query of a callback for the order (extra parameters added), signed with the callback key when there is one. */
  callbackQuery(orderId: string, operation?: string, extra?: Record<string, string>): string;
  /** Callbacks the shop did not answer with 200: what was sent and what came back. */
  callbackFailures: string[];
  close(): Promise<void>;
}

/** The seller the tests' shop prints on its receipts: a company's INN whose check digit is right. */
export const STAND_IN_SELLER = { inn: '7707083893', email: 'kassa@moreimoda.example' } as const;

/** The env that points the shop at the stand-in (server/config.ts). */
export const sberbankEnv = (url: string, callbackKey?: string): Record<string, string> => ({
  PAYMENT_PROVIDER: 'sberbank',
  SBERBANK_API_URL: `${url}/payment/rest/`,
  SBERBANK_USERNAME: SBERBANK_TEST_LOGIN.userName,
  SBERBANK_PASSWORD: SBERBANK_TEST_LOGIN.password,
  VAT_RATE: '20',
  SHOP_INN: STAND_IN_SELLER.inn,
  TAX_SYSTEM: 'osn',
  RECEIPT_EMAIL: STAND_IN_SELLER.email,
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
  let closeCalls = 0;
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
      const taxSystem = form.get('taxSystem');
      if (taxSystem !== null && !/^[0-5]$/.test(taxSystem))
        return json(res, { errorCode: '5', errorMessage: 'Неверное значение параметра taxSystem' });
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
        closingBundles: [],
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

    if (url.pathname === '/payment/rest/closeOfdReceipt.do' && req.method === 'POST') {
      closeCalls += 1;
      if (!loginOk(form)) return json(res, { errorCode: '5', errorMessage: 'Доступ запрещён' });
      const closed = orders.get(form.get('mdOrder') ?? '') ?? [...orders.values()].find((o) => o.orderNumber === form.get('orderNumber'));
      if (!closed) return json(res, { errorCode: '6', errorMessage: 'Заказ не найден' });
      // A receipt closes a prepayment the bank took and has not given all back.
      if (closed.deposited === 0 || closed.refunded >= closed.deposited)
        return json(res, { errorCode: '7', errorMessage: 'Не найдена успешная платёжная операция' });
      const amount = Number(form.get('amount') ?? '');
      if (!Number.isInteger(amount) || amount <= 0) return json(res, { errorCode: '4', errorMessage: 'Неверная сумма' });
      const bad = checkBundle(form.get('orderBundle'), 'sell', amount, closed, true);
      if (bad) return json(res, { errorCode: '8', errorMessage: bad });
      closed.closingBundles.push(JSON.parse(form.get('orderBundle')!) as Bundle);
      return json(res, { errorCode: '0', errorMessage: 'Успешно' });
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
    get closeCalls() {
      return closeCalls;
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
