// What the delivery form needs before an order can be placed (spec §5 rules, common/input-rules.ts: the
// server refuses with the same words), as Russian messages per field.
import { COURIER_ADDRESS, EMAIL, FULL_NAME, PHONE, failing, onlyFailed } from '../../../common/input-rules.ts';

export interface DeliveryForm {
  fio: string;
  email: string;
  phone: string;
  cityChosen: boolean;
  method: 'courier' | 'pickup' | null;
  address: string;
}

export type FormErrors = Partial<Record<'fio' | 'email' | 'phone' | 'city' | 'method' | 'address', string>>;

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
