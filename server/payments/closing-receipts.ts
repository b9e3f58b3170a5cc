// Closing receipts of goods handed over, issued through the payment provider. The order's lifecycle writes one
// when an order is received (orders/lifecycle.ts); this pass, run beside the refunds by the orders' pass every
// minute and by the desk after a move, asks the provider for each pending one outside any transaction. Taken:
// done. Refused or unanswered: the reason is kept (the desk shows it) and the next pass tries again; after two
// failures in a row the provider is asked no more in this pass (a silent bank costs each call its timeout),
// while one refusal does not hold up the receipts behind it. One of a payment made through a provider the
// shop no longer uses waits for a manager.
import type { Db } from '../db/public.ts';
import type { PaymentProvider } from './providers.ts';
import { claimPendingClosingReceipts, markClosingReceiptDone, paymentById, releaseClosingReceipt } from '../orders/public.ts';

export const CLOSING_MESSAGES = {
  otherProvider: (provider: string) =>
    `Платёж принят через «${provider}», а сейчас магазин принимает оплату иначе: пробейте чек полного расчёта в кассе`,
} as const;

/**
 * Receipts asked per pass at most; the rest wait for the next pass. Few enough that each bank call (10 s at
 * most) ends within the pass's two-minute claim: an expired claim would let another process print it again.
 */
const RECEIPTS_PER_PASS = 10;

export async function issueClosingReceipts(db: Db, provider: PaymentProvider | null): Promise<{ done: number; waiting: number }> {
  const report = { done: 0, waiting: 0 };
  let failures = 0;
  for (const row of await claimPendingClosingReceipts(db, RECEIPTS_PER_PASS)) {
    const payment = (await paymentById(db, row.payment_id))!;
    const ours = !!provider && provider.id === payment.provider;
    if (!ours || failures >= 2) {
      await releaseClosingReceipt(db, row.id, ours ? null : CLOSING_MESSAGES.otherProvider(payment.provider));
      report.waiting += 1;
      continue;
    }
    try {
      await provider.closeReceipt(payment, { id: row.id, receipt: row.receipt, createdAt: new Date(row.created_at) });
    } catch (err) {
      failures += 1;
      await releaseClosingReceipt(db, row.id, err instanceof Error ? err.message : String(err));
      report.waiting += 1;
      continue;
    }
    failures = 0;
    await markClosingReceiptDone(db, row.id);
    report.done += 1;
  }
  return report;
}
