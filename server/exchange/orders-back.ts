// 1C's orders back (type=sale&mode=file): each Документ names one of the shop's orders (by its Ид, the
// order's guid, or its Номер) and what the accounting system did with it, in requisites: «Номер по 1С» is
// kept; «Дата оплаты по 1С» pays an unpaid order (one paid on receipt that is on its way is then received:
// its money came at the hand-over; with fitting, the document's Товары say what the buyer kept, the rest came
// back at the door); «Дата отгрузки по 1С» ships a paid one or one paid on receipt (through
// «Собирается», with «Трек-номер» when 1C gives it) and is known of one that has left the shop already;
// «Отменен» = true cancels it (its goods back on sale, card money back). Each is the lifecycle's own move, recorded as the accounting system's and told to the
// buyer as any change; each order in its own transaction, so one the lifecycle refuses leaves the others.
import type { Db } from '../db/public.ts';
import { Refusal } from '../refusal.ts';
import {
  advance,
  cancel,
  handOver,
  markExchanged,
  orderByGuid,
  paidOnReceipt,
  pay,
  setAccountingNumber,
  type Actor,
  type OrderRow,
} from '../orders/public.ts';
import { DELIVERY_LINE_ID } from './orders-out.ts';
import { canMove, hasLeftShop, isCancelled, isSettled, ORDER, orderStatusName, paysOnReceipt } from '../../common/order-status.ts';
import { readXmlRecords, child, children, textAt, type XmlNode } from './xml-records.ts';

/** The accounting system as the lifecycle records it. */
export const ACCOUNTING: Actor = { kind: 'accounting', id: null };

export const BACK_MESSAGES = {
  cancelReason: 'Заказ отменён магазином',
  paidComment: 'Оплата по данным учётной системы',
  notShippable: (status: string) =>
    `отгрузка не отмечена: заказ в статусе «${status}», отгрузить можно оплаченный заказ или заказ с оплатой при получении`,
  unknown: (file: string, line: number, ref: string) => `${file}, строка ${line}: заказ ${ref} в магазине не найден`,
  refused: (file: string, line: number, number: string, why: string) => `${file}, строка ${line}: заказ ${number}: ${why}`,
} as const;

const isTrue = (s: string) => /^(true|1|да)$/i.test(s.trim());
/** A date 1C filled in: 1C writes an empty date as 0001-01-01 or leaves it blank. */
const isDate = (s: string) => /^\d{4}-\d{2}-\d{2}/.test(s) && !s.startsWith('0001-01-01');

function requisites(doc: XmlNode): Map<string, string> {
  const out = new Map<string, string>();
  for (const r of children(child(doc, 'ЗначенияРеквизитов'), 'ЗначениеРеквизита'))
    out.set(textAt(r, 'Наименование').toLowerCase(), textAt(r, 'Значение'));
  return out;
}

/**
 * The goods the buyer kept of an order with fitting, as 1C's document lists them after the courier's report: each
 * line's Количество by its Ид (split positions summed; the delivery line left out). Null when it lists none.
 */
function keptLines(doc: XmlNode): Map<string, number> | null {
  const kept = new Map<string, number>();
  for (const line of children(child(doc, 'Товары'), 'Товар')) {
    const id = textAt(line, 'Ид');
    if (!id || id === DELIVERY_LINE_ID) continue;
    kept.set(id, (kept.get(id) ?? 0) + Number(textAt(line, 'Количество')));
  }
  return kept.size ? kept : null;
}

export interface BackReport {
  orders: number;
  changed: number;
  /** Orders cancelled whose card money goes back (the caller asks the provider after). */
  refunds: boolean;
  problems: string[];
}

async function findOrder(db: Db, doc: XmlNode, lock: boolean): Promise<OrderRow | null> {
  const byGuid = await orderByGuid(db, textAt(doc, 'Ид'), lock);
  if (byGuid) return byGuid;
  const number = textAt(doc, 'Номер');
  if (!number) return null;
  const [row] = await db.query<{ guid: string }>('select guid::text as guid from orders where number = $1', [number]);
  return row ? orderByGuid(db, row.guid, lock) : null;
}

/** One document's changes, in its own transaction; true when the order changed. */
async function applyDocument(db: Db, doc: XmlNode, publicUrl: string): Promise<{ changed: boolean; cancelled: boolean } | null> {
  const known = await findOrder(db, doc, false);
  if (!known) return null;
  const req = requisites(doc);
  return db.transaction(async (tx) => {
    let order = (await orderByGuid(tx, known.guid, true))!;
    const reload = async () => (order = (await orderByGuid(tx, known.guid, true))!);
    const before = `${order.status}/${order.payment_status}`;
    let cancelled = false;
    const number = req.get('номер по 1с');
    if (number) await setAccountingNumber(tx, order.id, number);
    if (isTrue(req.get('отменен') ?? '')) {
      if (!isCancelled(order)) {
        await cancel(tx, order, ACCOUNTING, BACK_MESSAGES.cancelReason, publicUrl);
        cancelled = true;
      }
    } else {
      // A payment 1C records of an order whose money came already (and may since have gone back) is known.
      if (isDate(req.get('дата оплаты по 1с') ?? '') && !isSettled(order)) {
        const kept = order.fitting && canMove(order, ORDER.received) ? keptLines(doc) : null;
        if (kept) await handOver(tx, order, kept, ACCOUNTING, BACK_MESSAGES.paidComment, publicUrl);
        else if (paysOnReceipt(order)) await paidOnReceipt(tx, order, ACCOUNTING, BACK_MESSAGES.paidComment, publicUrl);
        else await pay(tx, order, ACCOUNTING, BACK_MESSAGES.paidComment, publicUrl);
        await reload();
      }
      // A shipment ships a paid order (through «Собирается») or an assembling one; of goods that have left the
      // shop already (shipped, at the pickup point, received, returned) it is known; of any other it is refused.
      if (isDate(req.get('дата отгрузки по 1с') ?? '') && !hasLeftShop(order)) {
        if (!canMove(order, ORDER.assembling) && !canMove(order, ORDER.shipped))
          throw new Refusal('conflict', BACK_MESSAGES.notShippable(orderStatusName(order.status)));
        const tracking = req.get('трек-номер') || req.get('номер отправления') || '';
        if (!canMove(order, ORDER.shipped)) {
          await advance(tx, order, ORDER.assembling, ACCOUNTING, '', publicUrl);
          await reload();
        }
        await advance(tx, order, ORDER.shipped, ACCOUNTING, '', publicUrl, tracking);
      }
    }
    await reload();
    const after = `${order.status}/${order.payment_status}`;
    // The accounting system knows what it just did: the order goes out again only when it changes later.
    if (after !== before) await markExchanged(tx, order.id, after);
    return { changed: after !== before || !!number, cancelled };
  });
}

/** Applies every document of 1C's file; what it could not is reported, never thrown (but a file that is not XML). */
export async function applyOrdersFile(db: Db, file: string, fileName: string, publicUrl: string): Promise<BackReport> {
  const report: BackReport = { orders: 0, changed: 0, refunds: false, problems: [] };
  await readXmlRecords(file, {
    records: {
      'КоммерческаяИнформация/Документ': async (doc) => {
        report.orders += 1;
        const ref = textAt(doc, 'Номер') || textAt(doc, 'Ид');
        try {
          const done = await applyDocument(db, doc, publicUrl);
          if (!done) report.problems.push(BACK_MESSAGES.unknown(fileName, doc.line, ref));
          else {
            if (done.changed) report.changed += 1;
            if (done.cancelled) report.refunds = true;
          }
        } catch (err) {
          if (!(err instanceof Refusal)) throw err;
          report.problems.push(BACK_MESSAGES.refused(fileName, doc.line, ref, err.message));
        }
      },
    },
  });
  return report;
}
