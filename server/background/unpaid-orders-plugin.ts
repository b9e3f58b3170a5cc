// Runs the unpaid orders' pass (background/unpaid-orders.ts: reminders before the deadline, cancellation
// after it unless the payment provider says it was paid), the refunds of cancelled or returned paid orders
// (payments/refunds.ts) and the closing receipts of goods handed over (payments/closing-receipts.ts) every minute, so a hold of an hour lapses within a minute of its time. Stopped when the app closes.
import type { FastifyInstance } from 'fastify';
import { expireUnpaidOrders, remindUnpaidOrders } from './unpaid-orders.ts';
import { runEvery } from '../lib/public.ts';
import { carryOutRefunds, issueClosingReceipts } from '../payments/public.ts';

const MINUTE_MS = 60 * 1000;

export default async function unpaidOrders(app: FastifyInstance, opts: { intervalMs?: number } = {}): Promise<void> {
  runEvery(app, opts.intervalMs ?? MINUTE_MS, 'unpaid orders', async () => {
    const reminded = await remindUnpaidOrders(app.db, app.config, app.config.publicUrl);
    const lapsed = await expireUnpaidOrders(app.db, { provider: app.payments, publicUrl: app.config.publicUrl });
    if (reminded || lapsed.cancelled || lapsed.paidLate || lapsed.waiting) app.log.info({ reminded, ...lapsed }, 'unpaid orders');
    const refunds = await carryOutRefunds(app.db, app.payments);
    if (refunds.done || refunds.waiting) app.log.info(refunds, 'refunds');
    const receipts = await issueClosingReceipts(app.db, app.payments);
    if (receipts.done || receipts.waiting) app.log.info(receipts, 'closing receipts');
  });
}
