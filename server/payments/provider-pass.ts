// One pass over work claimed for the payment provider (refunds, closing receipts): each claimed row asked of
// the provider its payment went through, outside any transaction (a slow bank holds no lock). Taken: `done`.
// Refused or unanswered: the reason is kept with the row for the desk and the next pass; after `stopAfter`
// failures in a row the provider is asked no more in this pass (each call may take its whole timeout). A row
// of a payment made through a provider the shop no longer uses waits for a manager, with `otherProvider`'s word.
import type { Db } from '../db/public.ts';
import { paymentById, type PaymentRow } from '../orders/public.ts';
import type { PaymentProvider } from './providers.ts';

export interface ProviderWork<T> {
  /** Asks the provider; throws with the reason when it refuses or does not answer. */
  ask(provider: PaymentProvider, payment: PaymentRow, row: T): Promise<void>;
  /** The provider took it. */
  done(row: T): Promise<void>;
  /** Frees the row for the next pass, with the reason (null: not asked in this pass). */
  release(id: number, error: string | null): Promise<void>;
  /** What a manager reads when the payment went through another provider. */
  otherProvider(provider: string): string;
  /** Failures in a row after which this pass asks no more. */
  stopAfter: number;
}

export async function askProviderInTurn<T extends { id: number; payment_id: number }>(
  db: Db,
  provider: PaymentProvider | null,
  rows: readonly T[],
  work: ProviderWork<T>,
): Promise<{ done: number; waiting: number }> {
  const report = { done: 0, waiting: 0 };
  let failures = 0;
  for (const row of rows) {
    const payment = (await paymentById(db, row.payment_id))!;
    const ours = !!provider && provider.id === payment.provider;
    if (!ours || failures >= work.stopAfter) {
      await work.release(row.id, ours ? null : work.otherProvider(payment.provider));
      report.waiting += 1;
      continue;
    }
    try {
      await work.ask(provider, payment, row);
    } catch (err) {
      failures += 1;
      await work.release(row.id, err instanceof Error ? err.message : String(err));
      report.waiting += 1;
      continue;
    }
    failures = 0;
    await work.done(row);
    report.done += 1;
  }
  return report;
}
