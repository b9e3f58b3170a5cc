// Sberbank's internet acquiring (its REST API under /payment/rest/, spec page /payment-sber): a payment is
// registered with register.do (our payment's external id as the bank's orderNumber, the sum in kopecks, a
// session no longer than the order's hold) and the buyer goes to the bank's form; back at the shop's return
// address, or on the bank's callback, the order is paid only when getOrderStatusExtended.do says the money
// was taken (depositedAmount) for exactly our sum, or when a 'deposited' callback carries the bank's checksum (HMAC-SHA256 over its
// parameters, with the key the bank gave the shop). A cancelled paid order's money goes back with refund.do.
// Both calls carry the fiscal receipt as `orderBundle` (sberbank-receipt.ts): the bank's cash register prints it.
// Written by hand: the bank publishes no Node client.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ReceiptCompany, SberbankConfig } from '../config.ts';
import { Refusal } from '../refusal.ts';
import { ENDPOINTS } from '../../common/endpoints.ts';
import type { PaymentProvider, Verdict } from './providers.ts';
import { sberbankRoutes } from './sberbank-routes.ts';
import { orderBundle, TAX_SYSTEM_CODES } from './sberbank-receipt.ts';
import type { PaymentRow } from '../orders/public.ts';

export const SBERBANK_MESSAGES = {
  refused: 'Банк не принял платёж. Попробуйте ещё раз позже или оплатите подарочной картой',
  refundRefused: (reason: string) => `Банк не принял возврат: ${reason}`,
  receiptRefused: (reason: string) => `Банк не принял чек полного расчёта: ${reason}`,
  neverRegistered: 'Платёж не был зарегистрирован в банке: возвращать через банк нечего',
  unreachable: 'Банк не отвечает. Попробуйте оплатить ещё раз через несколько минут',
  badCallback: 'Неверная подпись уведомления банка',
} as const;

/**
 * The bank's orderStatus: 2 money taken; 3 cancelled, 4 a refund was made (whole or part: only
 * paymentAmountInfo.refundedAmount says how much), 6 declined; 0, 1, 5 not settled yet.
 */
const PAID_STATUS = 2;
const FAILED_STATUSES = new Set([3, 4, 6]);
const CALL_TIMEOUT_MS = 10_000;
/** The bank's payment session is kept no shorter than this, even close to the order's deadline. */
const MIN_SESSION_S = 300;

export const sberbankReturnUrl = (publicUrl: string, externalId: string) =>
  `${publicUrl}/api${ENDPOINTS.sberbankReturn.path}?payment=${externalId}`;

/** What every call answers: an error code (0 or none when the call was taken) and its message. */
interface BankAnswer {
  errorCode?: string | number;
  errorMessage?: string;
}
interface RegisterAnswer {
  orderId?: string;
  formUrl?: string;
  errorCode?: string | number;
  errorMessage?: string;
}
interface StatusAnswer {
  orderStatus?: number;
  /** What the bank took and gave back, in kopecks (`amount` is only the sum the order was registered for). */
  paymentAmountInfo?: { depositedAmount?: number; refundedAmount?: number };
  errorCode?: string | number;
  errorMessage?: string;
}

/** The callback's checksum: its parameters but checksum and sign_alias, sorted by name, as "name;value;" each. */
function callbackChecksum(params: Record<string, string>, key: string): string {
  const text = Object.keys(params)
    .filter((k) => k !== 'checksum' && k !== 'sign_alias')
    .sort()
    .map((k) => `${k};${params[k]};`)
    .join('');
  return createHmac('sha256', key).update(text).digest('hex').toUpperCase();
}

function checksumValid(params: Record<string, string>, key: string): boolean {
  const given = Buffer.from(String(params.checksum ?? '').toUpperCase());
  const wanted = Buffer.from(callbackChecksum(params, key));
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** What the bank's routes (sberbank-routes.ts) ask of the bank. */
export interface Bank {
  readonly id: string;
  /** What became of a registered payment, asked of the bank: paid only for exactly its sum. */
  status(payment: PaymentRow): Promise<Verdict>;
  /**
   * What a callback says of the payment: with a callback key, its own word when its checksum holds (a wrong
   * one is a 400); without one, the bank is asked instead.
   */
  callbackVerdict(params: Record<string, string>, payment: PaymentRow): Promise<Verdict>;
}

/** One-stage payments (register.do) settle as 'deposited'; 'approved' is only a hold on the card (two-stage). */
const SETTLED = new Set(['deposited']);
const UNDONE = new Set(['reversed', 'refunded', 'declinedByTimeout']);

export function sberbankProvider(
  config: SberbankConfig,
  company: ReceiptCompany,
  publicUrl: string,
  log: (msg: string) => void,
): PaymentProvider {
  const callBank = async <T>(method: string, params: Record<string, string>): Promise<T> => {
    const body = new URLSearchParams({ userName: config.userName ?? '', password: config.password ?? '', ...params });
    let res: Response;
    try {
      res = await fetch(`${config.apiUrl}${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body,
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
    } catch (err) {
      log(`sberbank ${method}: ${String(err)}`);
      throw new Refusal('providerFailed', SBERBANK_MESSAGES.unreachable);
    }
    const answer = (await res.json().catch(() => null)) as T | null;
    if (!res.ok || !answer) {
      log(`sberbank ${method}: HTTP ${res.status}`);
      throw new Refusal('providerFailed', SBERBANK_MESSAGES.unreachable);
    }
    return answer;
  };

  /** An answer with an error code: logged, and thrown as the Russian refusal `message` makes of the bank's reason. */
  const refuseUnlessTaken = (method: string, payment: PaymentRow, answer: BankAnswer, message: (reason: string) => string) => {
    if (!answer.errorCode || String(answer.errorCode) === '0') return;
    log(`sberbank ${method} refused ${payment.external_id}: ${answer.errorCode} ${answer.errorMessage ?? ''}`);
    throw new Refusal('providerFailed', message(answer.errorMessage || `код ${answer.errorCode}`));
  };

  const bank: Bank = {
    id: 'sberbank',
    async status(payment) {
      if (!payment.provider_ref) return 'pending';
      const answer = await callBank<StatusAnswer>('getOrderStatusExtended.do', { orderId: payment.provider_ref });
      if (answer.errorCode && String(answer.errorCode) !== '0') {
        log(`sberbank status of ${payment.external_id}: ${answer.errorCode} ${answer.errorMessage ?? ''}`);
        return 'pending';
      }
      if (answer.orderStatus === PAID_STATUS) {
        const taken = answer.paymentAmountInfo?.depositedAmount;
        if (taken !== payment.amount * 100) {
          log(`sberbank ${payment.external_id}: took ${taken} kopecks, expected ${payment.amount * 100}; left for the manager`);
          return 'pending';
        }
        return 'taken';
      }
      return FAILED_STATUSES.has(answer.orderStatus ?? -1) ? 'failed' : 'pending';
    },
    async callbackVerdict(params, payment) {
      if (!config.callbackKey) return bank.status(payment);
      if (!checksumValid(params, config.callbackKey)) throw new Refusal('invalid', SBERBANK_MESSAGES.badCallback);
      if (params.status !== '1') return 'pending';
      const amountFits = params.amount === undefined || params.amount === String(payment.amount * 100);
      if (SETTLED.has(params.operation ?? '')) return amountFits ? 'taken' : 'pending';
      return UNDONE.has(params.operation ?? '') ? 'failed' : 'pending';
    },
  };

  return {
    id: bank.id,
    status: bank.status,
    // refund.do gives back part or all of what was taken, with the refund's receipt and the shop's id of the
    // refund (externalRefundId), under which the bank answers a repeat as it answered the first and moves no
    // money. The bank is asked first what it has given back already (refundedAmount: its orderStatus 4 says
    // only that some refund was made), so a refund whose answer was lost (a timeout) is not asked again.
    async refund(payment, refund) {
      if (!payment.provider_ref) throw new Refusal('conflict', SBERBANK_MESSAGES.neverRegistered);
      const state = await callBank<StatusAnswer>('getOrderStatusExtended.do', { orderId: payment.provider_ref });
      const given = state.paymentAmountInfo?.refundedAmount ?? 0;
      if (given >= refund.before + refund.kopecks) return;
      const answer = await callBank<BankAnswer>('refund.do', {
        orderId: payment.provider_ref,
        amount: String(refund.kopecks),
        externalRefundId: `refund-${refund.id}`,
        ...(refund.receipt ? { orderBundle: JSON.stringify(orderBundle(refund.receipt, refund.createdAt, company)) } : {}),
      });
      refuseUnlessTaken('refund.do', payment, answer, SBERBANK_MESSAGES.refundRefused);
    },
    // closeOfdReceipt.do: the closing (full-payment) receipt of the bank's order the goods were prepaid by,
    // with the receipt as orderBundle and its sum as amount. The gateway keeps no id of a closing receipt, so
    // one whose answer was lost is asked again at the next pass (docs/money.md: check the cash register's
    // account after a bank outage).
    async closeReceipt(payment, closing) {
      if (!payment.provider_ref) throw new Refusal('conflict', SBERBANK_MESSAGES.neverRegistered);
      const answer = await callBank<BankAnswer>('closeOfdReceipt.do', {
        mdOrder: payment.provider_ref,
        amount: String(closing.receipt.total),
        orderBundle: JSON.stringify(orderBundle(closing.receipt, closing.createdAt, company)),
      });
      refuseUnlessTaken('closeOfdReceipt.do', payment, answer, SBERBANK_MESSAGES.receiptRefused);
    },
    routes: (app) => sberbankRoutes(app, bank),
    async register(payment, order) {
      const back = sberbankReturnUrl(publicUrl, payment.external_id);
      const answer = await callBank<RegisterAnswer>('register.do', {
        orderNumber: payment.external_id,
        amount: String(payment.amount * 100),
        currency: '643',
        returnUrl: back,
        failUrl: back,
        description: `Заказ ${order.number} в магазине «Море и Мода»`,
        language: 'ru',
        sessionTimeoutSecs: String(Math.max(MIN_SESSION_S, order.secondsLeft)),
        // The classic gateway's own field for the tax system, beside the receipt's company block.
        taxSystem: String(TAX_SYSTEM_CODES[company.taxSystem]),
        ...(payment.receipt ? { orderBundle: JSON.stringify(orderBundle(payment.receipt, order.createdAt, company)) } : {}),
      });
      if ((answer.errorCode && String(answer.errorCode) !== '0') || !answer.orderId || !answer.formUrl) {
        log(`sberbank register.do refused ${payment.external_id}: ${answer.errorCode} ${answer.errorMessage ?? ''}`);
        throw new Refusal('providerFailed', SBERBANK_MESSAGES.refused);
      }
      return { url: answer.formUrl, ref: answer.orderId };
    },
  };
}
