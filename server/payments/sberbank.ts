// Sberbank's internet acquiring (its REST API under /payment/rest/, spec page /payment-sber): a payment is
// registered with register.do (our payment's external id as the bank's orderNumber, the sum in kopecks, a
// session no longer than the order's hold) and the buyer goes to the bank's form; back at the shop's return
// address, or on the bank's callback, the order is paid only when getOrderStatusExtended.do says the money
// was taken for exactly our sum, or when a callback carries the bank's checksum (HMAC-SHA256 over its
// parameters, with the key the bank gave the shop). Written by hand: the bank publishes no Node client.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SberbankConfig } from '../config.ts';
import { HttpError } from '../plugins/errors.ts';
import { ENDPOINTS } from '../../common/endpoints.ts';
import type { PaymentProvider } from './providers.ts';
import type { PaymentRow } from './payments-sql.ts';

export const SBERBANK_MESSAGES = {
  refused: 'Банк не принял платёж. Попробуйте ещё раз позже или оплатите подарочной картой',
  unreachable: 'Банк не отвечает. Попробуйте оплатить ещё раз через несколько минут',
} as const;

/** The bank's orderStatus: 2 money taken; 3 cancelled, 4 refunded, 6 declined; 0, 1, 5 not settled yet. */
const PAID_STATUS = 2;
const FAILED_STATUSES = new Set([3, 4, 6]);
const CALL_TIMEOUT_MS = 10_000;
/** The bank's payment session is kept no shorter than this, even close to the order's deadline. */
const MIN_SESSION_S = 300;

export const sberbankReturnUrl = (publicUrl: string, externalId: string) =>
  `${publicUrl}/api${ENDPOINTS.sberbankReturn.path}?payment=${externalId}`;

interface RegisterAnswer {
  orderId?: string;
  formUrl?: string;
  errorCode?: string | number;
  errorMessage?: string;
}
interface StatusAnswer {
  orderStatus?: number;
  amount?: number;
  errorCode?: string | number;
  errorMessage?: string;
}

/** The callback's checksum: its parameters but checksum and sign_alias, sorted by name, as "name;value;" each. */
export function callbackChecksum(params: Record<string, string>, key: string): string {
  const text = Object.keys(params)
    .filter((k) => k !== 'checksum' && k !== 'sign_alias')
    .sort()
    .map((k) => `${k};${params[k]};`)
    .join('');
  return createHmac('sha256', key).update(text).digest('hex').toUpperCase();
}

export function checksumValid(params: Record<string, string>, key: string): boolean {
  const given = Buffer.from(String(params.checksum ?? '').toUpperCase());
  const wanted = Buffer.from(callbackChecksum(params, key));
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

export interface SberbankProvider extends PaymentProvider {
  readonly config: SberbankConfig;
}

export function sberbankProvider(config: SberbankConfig, publicUrl: string, log: (msg: string) => void): SberbankProvider {
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
      throw new HttpError(502, SBERBANK_MESSAGES.unreachable);
    }
    const answer = (await res.json().catch(() => null)) as T | null;
    if (!res.ok || !answer) {
      log(`sberbank ${method}: HTTP ${res.status}`);
      throw new HttpError(502, SBERBANK_MESSAGES.unreachable);
    }
    return answer;
  };

  return {
    id: 'sberbank',
    config,
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
      });
      if ((answer.errorCode && String(answer.errorCode) !== '0') || !answer.orderId || !answer.formUrl) {
        log(`sberbank register.do refused ${payment.external_id}: ${answer.errorCode} ${answer.errorMessage ?? ''}`);
        throw new HttpError(502, SBERBANK_MESSAGES.refused);
      }
      return { url: answer.formUrl, ref: answer.orderId };
    },
    async status(payment: PaymentRow) {
      if (!payment.provider_ref) return 'pending';
      const answer = await callBank<StatusAnswer>('getOrderStatusExtended.do', { orderId: payment.provider_ref });
      if (answer.errorCode && String(answer.errorCode) !== '0') {
        log(`sberbank status of ${payment.external_id}: ${answer.errorCode} ${answer.errorMessage ?? ''}`);
        return 'pending';
      }
      if (answer.orderStatus === PAID_STATUS) {
        if (answer.amount !== payment.amount * 100) {
          log(`sberbank ${payment.external_id}: paid ${answer.amount} kopecks, expected ${payment.amount * 100}; left for the manager`);
          return 'pending';
        }
        return 'paid';
      }
      return FAILED_STATUSES.has(answer.orderStatus ?? -1) ? 'failed' : 'pending';
    },
  };
}
