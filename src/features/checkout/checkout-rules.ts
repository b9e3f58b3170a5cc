// What the delivery form needs before an order can be placed (spec §5 rules), as Russian messages per field.
import { isEmail, isFullName, isPhone } from '../../../common/validation.ts';

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
    if (!isFullName(f.fio)) e.fio = 'Укажите фамилию, имя и отчество';
    if (!isEmail(f.email)) e.email = 'Укажите e-mail в виде name@example.ru';
    if (!isPhone(f.phone)) e.phone = 'Укажите номер телефона полностью';
  }
  if (!f.cityChosen) e.city = 'Выберите город из списка';
  if (!f.method) e.method = 'Выберите способ доставки';
  if (f.method === 'courier' && f.address.trim().length < 5) e.address = 'Укажите улицу, дом и квартиру';
  return e;
}
