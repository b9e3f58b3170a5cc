// SQL of a user's saved addresses (addresses): the list, add, change and delete, each only within the
// owner's rows; at most one default.
import type { Address } from '../../common/contract/accounts.ts';
import type { Queryable } from '../db/public.ts';

/** A saved address's columns: the contract's Address without its row id. */
export type AddressFields = Omit<Address, 'id'>;

const COLUMNS = 'id, region_id, city_id, city, street, house, flat, postcode, comment, is_default';

export function addressesOf(db: Queryable, userId: number): Promise<Address[]> {
  return db.query<Address>(`select ${COLUMNS} from addresses where user_id = $1 order by is_default desc, id`, [userId]);
}

/** Locks the user's address rows (so two saves do not both leave a default). */
export async function lockAddresses(tx: Queryable, userId: number): Promise<number[]> {
  const rows = await tx.query<{ id: number }>('select id from addresses where user_id = $1 order by id for update', [userId]);
  return rows.map((r) => r.id);
}

export async function clearDefault(tx: Queryable, userId: number): Promise<void> {
  await tx.query('update addresses set is_default = false where user_id = $1 and is_default', [userId]);
}

export async function insertAddress(tx: Queryable, userId: number, a: AddressFields): Promise<void> {
  await tx.query(
    `insert into addresses (user_id, region_id, city_id, city, street, house, flat, postcode, comment, is_default)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [userId, a.region_id, a.city_id, a.city, a.street, a.house, a.flat, a.postcode, a.comment, a.is_default],
  );
}

/** Changes the user's address (is_default null: kept as it was); false when no such address is theirs. */
export async function updateAddress(
  tx: Queryable,
  userId: number,
  id: number,
  a: Omit<AddressFields, 'is_default'> & { is_default: boolean | null },
): Promise<boolean> {
  const rows = await tx.query(
    `update addresses set region_id = $3, city_id = $4, city = $5, street = $6, house = $7, flat = $8, postcode = $9,
            comment = $10, is_default = coalesce($11, is_default)
      where id = $1 and user_id = $2 returning 1`,
    [id, userId, a.region_id, a.city_id, a.city, a.street, a.house, a.flat, a.postcode, a.comment, a.is_default],
  );
  return rows.length > 0;
}

export async function deleteAddress(db: Queryable, userId: number, id: number): Promise<boolean> {
  const rows = await db.query('delete from addresses where id = $1 and user_id = $2 returning 1', [id, userId]);
  return rows.length > 0;
}

/** Whether the region and city exist (and the city lies in the region when both are given). */
export async function placeExists(db: Queryable, regionId: number | null, cityId: number | null): Promise<boolean> {
  const [row] = await db.query<{ ok: boolean }>(
    `select ($1::int is null or exists (select 1 from regions where id = $1))
        and ($2::int is null or exists (select 1 from cities where id = $2 and ($1::int is null or region_id = $1))) as ok`,
    [regionId, cityId],
  );
  return row.ok;
}
