// Closing receipts of goods handed over, issued through the payment provider. The order's lifecycle writes one
// when an order is received (orders/lifecycle.ts); this pass, run beside the refunds by the orders' pass every
// minute and by the desk after a move, asks the provider for each pending one (provider-pass.ts). Refused or
// unanswered: the reason is kept (the desk shows it) and the next pass tries again.
import type { Db } from '../db/public.ts';
import type { PaymentProvider } from './providers.ts';
import { claimPendingClosingReceipts, markClosingReceiptDone, releaseClosingReceipt } from '../orders/public.ts';
import { askProviderInTurn } from './provider-pass.ts';

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
  return askProviderInTurn(db, provider, await claimPendingClosingReceipts(db, RECEIPTS_PER_PASS), {
    ask: (bank, payment, row) => bank.closeReceipt(payment, { id: row.id, receipt: row.receipt, createdAt: new Date(row.created_at) }),
    done: (row) => markClosingReceiptDone(db, row.id),
    release: (id, error) => releaseClosingReceipt(db, id, error),
    otherProvider: CLOSING_MESSAGES.otherProvider,
    // One refusal does not hold up the receipts behind it; two in a row are a bank that does not answer.
    stopAfter: 2,
  });
}
