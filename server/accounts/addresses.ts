// A user's saved addresses (/v1/user_address/): add, change, delete, each only the owner's, at most one
// default (a new default takes the mark from the old one; the first address is the default).
import type { AddressInput } from '../../common/contract/accounts.ts';
import type { Db } from '../db/public.ts';
import { Refusal } from '../refusal.ts';
import {
  clearDefault,
  deleteAddress,
  insertAddress,
  lockAddresses,
  placeExists,
  updateAddress,
  type AddressFields,
} from './addresses-sql.ts';

const ADDRESS_MESSAGES = {
  notFound: 'Адрес не найден',
  noId: 'Не указан адрес для изменения',
  place: 'Такого региона или города нет',
  tooMany: 'Можно сохранить не больше 20 адресов',
} as const;

const MAX_ADDRESSES = 20;

function fieldsOf(a: AddressInput): Omit<AddressFields, 'is_default'> {
  return {
    region_id: a.region_id ?? null,
    city_id: a.city_id ?? null,
    city: a.city,
    street: a.street,
    house: a.house,
    flat: a.flat ?? '',
    postcode: a.postcode ?? '',
    comment: a.comment ?? '',
  };
}

/** Adds an address (edit: false) or changes the user's address a.id; is_default left out keeps the mark. */
export async function saveAddress(db: Db, userId: number, a: AddressInput, edit: boolean): Promise<void> {
  if (edit && a.id === undefined) throw new Refusal('invalid', ADDRESS_MESSAGES.noId);
  if (!(await placeExists(db, a.region_id ?? null, a.city_id ?? null))) throw new Refusal('invalid', ADDRESS_MESSAGES.place);
  await db.transaction(async (tx) => {
    const own = await lockAddresses(tx, userId);
    if (edit && !own.includes(a.id!)) throw new Refusal('notFound', ADDRESS_MESSAGES.notFound);
    if (!edit && own.length >= MAX_ADDRESSES) throw new Refusal('invalid', ADDRESS_MESSAGES.tooMany);
    const isDefault = edit ? (a.is_default ?? null) : a.is_default === true || own.length === 0;
    if (isDefault) await clearDefault(tx, userId);
    if (edit) await updateAddress(tx, userId, a.id!, { ...fieldsOf(a), is_default: isDefault });
    else await insertAddress(tx, userId, { ...fieldsOf(a), is_default: isDefault === true });
  });
}

export async function removeAddress(db: Db, userId: number, id: number): Promise<void> {
  if (!(await deleteAddress(db, userId, id))) throw new Refusal('notFound', ADDRESS_MESSAGES.notFound);
}
