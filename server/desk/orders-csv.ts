// The desk's orders as a file Excel opens in Russian (GET /api/manage/orders.csv): UTF-8 with a BOM, ';' between
// columns, Windows line ends, a header row; a cell that Excel would read as a formula (=, +, -, @ first: a
// phone "+7…", a name typed to attack) starts with an apostrophe instead (csv-stringify's escape_formulas).
import { stringify } from 'csv-stringify/sync';
import type { DeskListRow } from '../orders/public.ts';
import { METHOD_NAMES } from '../orders/public.ts';
import { orderStatusName, paymentMethodName, paymentStatusName } from '../../common/order-status.ts';

const MOSCOW_DAY_TIME = new Intl.DateTimeFormat('ru-RU', {
  timeZone: 'Europe/Moscow',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

const HEADER = [
  'Номер',
  'Дата (мск)',
  'Статус',
  'Оплата',
  'Способ оплаты',
  'Покупатель',
  'Телефон',
  'E-mail',
  'Доставка',
  'Пункт выдачи',
  'Товаров, шт.',
  'Сумма, ₽',
];

export function ordersCsv(rows: readonly DeskListRow[]): string {
  const body = rows.map((r) => [
    r.number,
    MOSCOW_DAY_TIME.format(new Date(r.created_at)).replace(',', ''), // «26.11.2026 18:09»: a date Excel reads
    orderStatusName(r.status),
    paymentStatusName(r.payment_status),
    paymentMethodName(r.payment_method),
    r.buyer_fio,
    r.buyer_phone,
    r.buyer_email,
    METHOD_NAMES[r.delivery_method as keyof typeof METHOD_NAMES] ?? r.delivery_method,
    r.pickup_point ? `${r.pickup_point.code}, ${r.pickup_point.address}` : '',
    r.count,
    r.total,
  ]);
  return stringify([HEADER, ...body], { bom: true, delimiter: ';', record_delimiter: 'windows', escape_formulas: true });
}

/** The file's name, with the day it was made: «заказы-2026-11-26.csv». */
export const ordersCsvName = (now: Date) => `заказы-${now.toISOString().slice(0, 10)}.csv`;
