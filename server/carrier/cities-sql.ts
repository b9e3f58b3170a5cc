// SQL of the carrier's view of the shop's cities: a city's name and region to find it by at CDEK, and CDEK's
// code of it, kept once found (cities.cdek_code, migration 027: written here alone).
import type { Queryable } from '../db/public.ts';

export interface CarrierCity {
  name: string;
  region: string;
  cdek_code: number | null;
}

export async function cityForCarrier(db: Queryable, cityId: number): Promise<CarrierCity | null> {
  const [row] = await db.query<CarrierCity>(
    'select c.name, r.name as region, c.cdek_code from cities c join regions r on r.id = c.region_id where c.id = $1',
    [cityId],
  );
  return row ?? null;
}

export async function keepCdekCode(db: Queryable, cityId: number, code: number): Promise<void> {
  await db.query('update cities set cdek_code = $2 where id = $1', [cityId, code]);
}

/** CDEK's code of the city an order goes to (found when checkout priced it). */
export async function orderCityCode(db: Queryable, orderId: number): Promise<number | null> {
  const [row] = await db.query<{ cdek_code: number | null }>(
    'select c.cdek_code from orders o join cities c on c.id = o.city_id where o.id = $1',
    [orderId],
  );
  return row?.cdek_code ?? null;
}
