// The saved address form's rules: a city chosen from the list, street and house required, a 6-digit postcode
// when given (common/input-rules.ts: the server refuses with the same words). Pure: what is wrong, what is sent, how an address reads in one line.
import type { Address, AddressInput } from '../../../common/contract/accounts.ts';
import type { City } from '../../../common/contract/orders.ts';
import { ADDRESS_PARTS, failing, onlyFailed } from '../../../common/input-rules.ts';

export interface AddressForm {
  id?: number;
  city: City | null;
  street: string;
  house: string;
  flat: string;
  postcode: string;
  comment: string;
  is_default: boolean;
}

export type AddressErrors = Partial<Record<'city' | 'street' | 'house' | 'postcode', string>>;

export const emptyAddress = (first: boolean): AddressForm => ({
  city: null,
  street: '',
  house: '',
  flat: '',
  postcode: '',
  comment: '',
  is_default: first,
});

/** An address to edit; one saved without a city of the list asks for the city again. */
export function addressFormOf(a: Address): AddressForm {
  return {
    id: a.id,
    city: a.city_id !== null && a.region_id !== null ? { id: a.city_id, name: a.city, region_id: a.region_id, region: '' } : null,
    street: a.street,
    house: a.house,
    flat: a.flat,
    postcode: a.postcode,
    comment: a.comment,
    is_default: a.is_default,
  };
}

export function checkAddress(f: AddressForm): AddressErrors {
  return onlyFailed({
    city: f.city ? undefined : 'Выберите город из списка',
    street: failing(ADDRESS_PARTS.street, f.street),
    house: failing(ADDRESS_PARTS.house, f.house),
    postcode: failing(ADDRESS_PARTS.postcode, f.postcode),
  });
}

export function addressPayload(f: AddressForm): AddressInput {
  return {
    ...(f.id ? { id: f.id } : {}),
    region_id: f.city?.region_id ?? null,
    city_id: f.city?.id ?? null,
    city: f.city?.name ?? '',
    street: f.street.trim(),
    house: f.house.trim(),
    flat: f.flat.trim(),
    postcode: f.postcode.trim(),
    comment: f.comment.trim(),
    is_default: f.is_default,
  };
}

/** "Сочи, ул. Морская, д. 5, кв. 12, 354000". */
export function addressLine(a: Pick<Address, 'city' | 'street' | 'house' | 'flat' | 'postcode'>): string {
  return [a.city, a.street, a.house && `д. ${a.house}`, a.flat && `кв. ${a.flat}`, a.postcode].filter(Boolean).join(', ');
}
