// What the delivery form needs before an order can be placed (spec §5 rules, common/input-rules.ts: the
// server refuses with the same words), as Russian messages per field; and whether the chosen delivery takes
// payment on receipt for the order (the server refuses it with its own words otherwise).
import { COURIER_ADDRESS, EMAIL, FULL_NAME, PHONE, failing, onlyFailed } from '../../../common/input-rules.ts';

export interface DeliveryForm {
  fio: string;
  email: string;
  phone: string;
  cityChosen: boolean;
  method: 'courier' | 'pickup' | null;
  address: string;
}

export type FormErrors = Partial<Record<'fio' | 'email' | 'phone' | 'city' | 'method' | 'address' | 'point', string>>;

export function checkDeliveryForm(f: DeliveryForm, needBuyer: boolean): FormErrors {
  const e: FormErrors = {};
  if (needBuyer) {
    e.fio = failing(FULL_NAME, f.fio);
    e.email = failing(EMAIL, f.email);
    e.phone = failing(PHONE, f.phone);
  }
  if (!f.cityChosen) e.city = 'Выберите город из списка';
  if (!f.method) e.method = 'Выберите способ доставки';
  if (f.method === 'courier') e.address = failing(COURIER_ADDRESS, f.address);
  return onlyFailed(e);
}

/** Whether the chosen delivery takes payment on receipt for an order of `total`: offered, not above its sum, or not at all. */
export type OnReceipt = 'offered' | 'over the sum' | 'not offered';

export function payOnReceipt(chosen: { pay_on_receipt_upto: number | null } | null, total: number): OnReceipt {
  const upto = chosen?.pay_on_receipt_upto ?? null;
  if (upto === null) return 'not offered';
  return total <= upto ? 'offered' : 'over the sum';
}
