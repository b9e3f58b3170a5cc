// Refunds of cancelled or returned paid orders carried out with the payment provider, each with its receipt. The order's lifecycle writes a
// refund per payment in the cancel's transaction (orders/lifecycle.ts); this pass, run by the orders' pass
// every minute, asks the provider for each pending one outside any transaction (a slow bank holds no lock).
// Taken: the refund is done, and with the order's last one its payment reads «Деньги возвращены». Refused
// or unanswered: the reason is kept, the provider is asked no more in this pass, and the next pass tries
// again (provider-pass.ts).
import type { Db } from '../db/public.ts';
import {
  claimPendingRefunds,
  markRefundDone,
  orderById,
  refundedOfPayment,
  refundsDone,
  refundsPending,
  releaseRefund,
} from '../orders/public.ts';
import type { PaymentProvider } from './providers.ts';
import { askProviderInTurn } from './provider-pass.ts';

/** Refunds asked per pass at most; the rest wait for the next pass. */
const REFUNDS_PER_PASS = 50;

export const REFUND_MESSAGES = {
  otherProvider: (provider: string) => `Платёж принят через «${provider}», а сейчас магазин принимает оплату иначе: верните деньги вручную`,
} as const;

export interface RefundReport {
  done: number;
  waiting: number;
}

export async function carryOutRefunds(db: Db, provider: PaymentProvider | null): Promise<RefundReport> {
  return askProviderInTurn(db, provider, await claimPendingRefunds(db, REFUNDS_PER_PASS), {
    ask: async (bank, payment, refund) =>
      bank.refund(payment, {
        id: refund.id,
        kopecks: refund.kopecks,
        before: await refundedOfPayment(db, refund.payment_id),
        receipt: refund.receipt,
        createdAt: new Date(refund.created_at),
      }),
    done: (refund) =>
      db.transaction(async (tx) => {
        await orderById(tx, refund.order_id, true);
        if ((await markRefundDone(tx, refund.id)) && !(await refundsPending(tx, refund.order_id))) await refundsDone(tx, refund.order_id);
      }),
    release: (id, error) => releaseRefund(db, id, error),
    otherProvider: REFUND_MESSAGES.otherProvider,
    stopAfter: 1,
  });
}
