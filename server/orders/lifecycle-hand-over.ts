// The hand-over of an order's goods, by the order's lifecycle (lifecycle.ts makes each move): an order paid on
// receipt whose money came (1C's payment date, a manager) — paid as any order while new, received on its way,
// marked paid while assembled — and the hand-over of an order with fitting: what the buyer kept is received,
// the rest a return made at the door, and nothing kept still pays the delivery. In the caller's transaction on
// the locked order.
import type { Queryable } from '../db/public.ts';
import { Refusal } from '../refusal.ts';
import { canMove, isSettled, ORDER, paysAtHandOver, paysOnReceipt, type OrderStatus } from '../../common/order-status.ts';
import { amountDue } from '../../common/order-rules.ts';
import { formatPrice } from '../../common/money.ts';
import { insertHistory, linesLeft, setPaid } from './lifecycle-sql.ts';
import { advance, LIFECYCLE_MESSAGES, pay, returnGoods, type Actor } from './lifecycle.ts';
import { paidEffects } from './order-paid.ts';
import { orderById, type OrderRow } from './orders-sql.ts';

/**
 * The money of an order paid on receipt has come, by the accounting system's word (1C's «Дата оплаты по 1С»)
 * or a manager's: still new, it is paid as any order; on its way (shipped, at the pickup point), the goods have
 * been handed over against it, so it is received; being assembled, the payment is recorded and the order goes
 * on. False when it was paid already. An order paid online is paid by `pay`.
 */
export async function paidOnReceipt(tx: Queryable, order: OrderRow, actor: Actor, comment: string, publicUrl: string): Promise<boolean> {
  if (isSettled(order)) return false;
  if (canMove(order, ORDER.paid)) return pay(tx, order, actor, comment, publicUrl);
  if (canMove(order, ORDER.received)) {
    await advance(tx, order, ORDER.received, actor, comment, publicUrl);
    return true;
  }
  if (!paysAtHandOver(order)) throw new Refusal('conflict', LIFECYCLE_MESSAGES.notAllowed(order.status, ORDER.paid));
  // The carrier collects the money of the parcel it has been given: paid otherwise now, the buyer would pay twice.
  if (order.carrier) throw new Refusal('conflict', LIFECYCLE_MESSAGES.carrierCollects);
  await setPaid(tx, order.id, order.status as OrderStatus);
  const status = order.status as OrderStatus;
  await insertHistory(tx, {
    orderId: order.id,
    status,
    from: status,
    actor: actor.kind,
    actorId: actor.id,
    comment: [comment, 'оплата получена'].filter(Boolean).join('; '),
  });
  await paidEffects(tx, order, publicUrl);
  return true;
}

/**
 * The goods of an order with fitting are handed over: the buyer kept `kept` (units by ext_id; a line left out
 * was not kept) and handed the rest back at the door. Those are a return made there and then: back on sale at
 * once, no longer owed when the order is paid on receipt, their money going back when it was paid ahead. The
 * order is then received with what was kept (paid on receipt: paid for that and the delivery). Nothing kept, it
 * is returned, and the delivery, which was carried out, is still paid at the door (as the fitting page says).
 */
export async function handOver(
  tx: Queryable,
  order: OrderRow,
  kept: ReadonlyMap<string, number>,
  actor: Actor,
  comment: string,
  publicUrl: string,
): Promise<void> {
  if (!order.fitting) throw new Refusal('invalid', LIFECYCLE_MESSAGES.noFitting);
  if (!canMove(order, ORDER.received)) throw new Refusal('conflict', LIFECYCLE_MESSAGES.notAllowed(order.status, ORDER.received));
  const left = await linesLeft(tx, order.id);
  for (const [ext, n] of kept) {
    const line = left.find((l) => l.ext_id === ext);
    if (!line || !Number.isInteger(n) || n < 0 || n > line.left)
      throw new Refusal('invalid', LIFECYCLE_MESSAGES.notThatManyKept(line?.name ?? ext));
  }
  // A gift certificate is mailed, never carried: it is kept whatever the list says.
  const back = new Map(
    left
      .filter((l) => !l.certificate)
      .map((l) => [l.ext_id, l.left - (kept.get(l.ext_id) ?? 0)] as const)
      .filter(([, n]) => n > 0),
  );
  if (back.size) await returnGoods(tx, order, actor, LIFECYCLE_MESSAGES.notKept, publicUrl, back);
  const now = (await orderById(tx, order.id, true))!;
  if (canMove(now, ORDER.received)) return advance(tx, now, ORDER.received, actor, comment, publicUrl);
  // Nothing kept: the order came back whole, and what is still owed (the delivery) was paid at the door.
  if (!paysOnReceipt(now) || isSettled(now) || amountDue(now) === 0) return;
  await setPaid(tx, now.id, now.status as OrderStatus);
  const status = now.status as OrderStatus;
  const paid = `оплачена доставка при получении: ${formatPrice(amountDue(now))}`;
  await insertHistory(tx, {
    orderId: now.id,
    status,
    from: status,
    actor: actor.kind,
    actorId: actor.id,
    comment: [comment, paid].filter(Boolean).join('; '),
  });
}
