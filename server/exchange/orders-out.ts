// Orders out to the accounting system (type=sale&mode=query): every order it has not taken in its present
// state (placed, or its status or payment changed since; not one that ended before 1C ever took it), as one CommerceML Документ each: number, date,
// sums, the buyer as a Контрагент, delivery, how it is paid (online, or on receipt with the sum to collect), the lines by their 1C Ид (`<product>#<characteristic>` for the
// accounting system's own goods) with their size and their price after the order's discounts (the same
// split as the fiscal receipt's), delivery as a service line, and the order's state as requisites.
import type { Queryable } from '../db/public.ts';
import { moscowStamp } from '../lib/public.ts';
import { orderItems, saleReceipt, type OrderRow, type ReceiptLine } from '../orders/public.ts';
import {
  FINAL_STATUSES,
  isCancelled,
  isFinal,
  isSettled,
  orderStatusName,
  paymentStatusName,
  paysAtHandOver,
  paysOnReceipt,
} from '../../common/order-status.ts';
import { amountDue } from '../../common/order-rules.ts';
import { el, encodeDocument, money } from './xml-text.ts';
import type { SentOrder } from './exchange-sql.ts';

/** Orders in one answer at most; the rest go in the next query. */
export const ORDERS_PER_QUERY = 200;

/** The service line of delivery, named as 1C's standard exchange names it. */
export const DELIVERY_LINE_ID = 'ORDER_DELIVERY';

interface OutOrder extends OrderRow {
  comment: string;
  state: string;
  accounting_number: string;
}

async function ordersToSend(db: Queryable): Promise<OutOrder[]> {
  return db.query<OutOrder>(
    `select id, number, guid::text as guid, user_id, buyer_fio, buyer_email, buyer_phone, city_name, address,
            delivery_method, delivery_price, items_sum, promo_code, promo_discount, gift_card_amount, bonus_spent, total,
            status, payment_status, payment_method, fitting, returned_unpaid, carrier, carrier_tariff, pickup_point, created_at, hold_until, tracking_number, comment, accounting_number,
            status || '/' || payment_status as state
       from orders where exchanged_state is distinct from status || '/' || payment_status
        -- An order that ended before the accounting system ever took it (placed before the exchange was turned
        -- on, or unpaid and cancelled between two of 1C's calls) is none of its business. A received one is a
        -- sale it must book, however late: only the statuses nothing follows (FINAL_STATUSES) are left out.
        and (exchanged_state is not null or status <> all($2::text[]))
      order by id limit $1`,
    [ORDERS_PER_QUERY, FINAL_STATUSES],
  );
}

const requisite = (name: string, value: string) =>
  `<ЗначениеРеквизита>${el('Наименование', name)}${el('Значение', value)}</ЗначениеРеквизита>`;

const PIECE = '<БазоваяЕдиница Код="796" НаименованиеПолное="Штука" МеждународноеСокращение="PCE">шт</БазоваяЕдиница>';

/**
 * The order's lines as its receipt has them (prices after the discounts); should an old order not add up to
 * its total (the receipt refuses it), its lines at their own prices, so the order still reaches 1C.
 */
function positionsOf(o: OutOrder, items: Awaited<ReturnType<typeof orderItems>>): Omit<ReceiptLine, 'position' | 'method'>[] {
  try {
    return saleReceipt(o, items, 'none', o.total * 100).lines;
  } catch {
    const lines: Omit<ReceiptLine, 'position' | 'method'>[] = items.map((i) => ({
      code: i.ext_id,
      line: i.ext_id,
      name: i.name,
      quantity: i.quantity,
      price: i.price * 100,
      amount: i.price * i.quantity * 100,
      kind: i.gift_certificate_id === null ? 'commodity' : 'advance',
    }));
    if (o.delivery_price > 0) {
      const amount = o.delivery_price * 100;
      lines.push({ code: 'delivery', line: 'delivery', name: 'Доставка', quantity: 1, price: amount, amount, kind: 'service' });
    }
    return lines;
  }
}

async function documentOf(db: Queryable, o: OutOrder): Promise<string> {
  const items = await orderItems(db, o.id);
  const receipt = { lines: positionsOf(o, items) };
  const [date, time] = moscowStamp(o.created_at);
  const sizes = new Map(items.map((i) => [i.ext_id, i.size]));
  const lines = receipt.lines.map((l) => {
    const service = l.kind === 'service';
    const size = service ? '' : (sizes.get(l.line) ?? '');
    const kind = service ? 'Услуга' : 'Товар';
    return [
      '<Товар>',
      el('Ид', service ? DELIVERY_LINE_ID : l.line),
      el('Наименование', l.name),
      PIECE,
      el('ЦенаЗаЕдиницу', money(l.price)),
      el('Количество', l.quantity),
      el('Сумма', money(l.amount)),
      size
        ? `<ХарактеристикиТовара><ХарактеристикаТовара>${el('Наименование', 'Размер')}${el('Значение', size)}</ХарактеристикаТовара></ХарактеристикиТовара>`
        : '',
      `<ЗначенияРеквизитов>${requisite('ВидНоменклатуры', kind)}${requisite('ТипНоменклатуры', kind)}</ЗначенияРеквизитов>`,
      '</Товар>',
    ].join('');
  });
  const place = [o.city_name, o.address].filter(Boolean).join(', ');
  const paid = isSettled(o);
  return [
    '<Документ>',
    el('Ид', o.guid),
    el('Номер', o.number),
    el('Дата', date),
    el('Время', time),
    el('ХозОперация', 'Заказ товара'),
    el('Роль', 'Продавец'),
    el('Валюта', 'RUB'),
    el('Курс', 1),
    el('Сумма', money(o.total * 100)),
    '<Контрагенты><Контрагент>',
    el('Ид', o.user_id ? `user-${o.user_id}` : `email-${o.buyer_email.toLowerCase()}`),
    el('Наименование', o.buyer_fio),
    el('ПолноеНаименование', o.buyer_fio),
    el('Роль', 'Покупатель'),
    place ? `<АдресРегистрации>${el('Представление', place)}</АдресРегистрации>` : '',
    '<Контакты>',
    `<Контакт>${el('Тип', 'Почта')}${el('Значение', o.buyer_email)}</Контакт>`,
    `<Контакт>${el('Тип', 'Телефон рабочий')}${el('Значение', o.buyer_phone)}</Контакт>`,
    '</Контакты>',
    '</Контрагент></Контрагенты>',
    el('Комментарий', o.comment),
    `<Товары>${lines.join('')}</Товары>`,
    '<ЗначенияРеквизитов>',
    requisite('Метод оплаты', paysOnReceipt(o) ? 'Оплата при получении' : 'Банковская карта'),
    paysAtHandOver(o) ? requisite('Сумма к оплате при получении', money(amountDue(o) * 100)) : '',
    requisite('Заказ оплачен', String(paid)),
    requisite('Статус оплаты', paymentStatusName(o.payment_status)),
    requisite('Отменен', String(isCancelled(o))),
    requisite('Финальный статус', String(isFinal(o))),
    requisite('Статус заказа', orderStatusName(o.status)),
    requisite('Способ доставки', o.delivery_method === 'pickup' ? 'Самовывоз из пункта выдачи' : 'Курьер'),
    requisite('Адрес доставки', place),
    o.pickup_point ? requisite('Пункт выдачи СДЭК', `${o.pickup_point.code}: ${o.pickup_point.address}`) : '',
    o.fitting ? requisite('Примерка', 'true') : '',
    o.tracking_number ? requisite('Трек-номер', o.tracking_number) : '',
    o.promo_code ? requisite('Промокод', o.promo_code) : '',
    o.accounting_number ? requisite('Номер по 1С', o.accounting_number) : '',
    '</ЗначенияРеквизитов>',
    '</Документ>',
  ].join('');
}

/** The orders to send and the document that carries them, in the encoding the setting names. */
export async function ordersDocument(
  db: Queryable,
  encoding: 'windows-1251' | 'utf-8',
  now = new Date(),
): Promise<{ body: Buffer; sent: SentOrder[] }> {
  const orders = await ordersToSend(db);
  const docs: string[] = [];
  for (const o of orders) docs.push(await documentOf(db, o));
  const [date, time] = moscowStamp(now);
  const body = `<КоммерческаяИнформация ВерсияСхемы="2.05" ДатаФормирования="${date}T${time}">\n${docs.join('\n')}\n</КоммерческаяИнформация>\n`;
  return { body: encodeDocument(body, encoding), sent: orders.map((o) => ({ id: o.id, state: o.state })) };
}
