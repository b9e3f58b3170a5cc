// SQL of regions, cities and delivery tariffs: search as you type (case-insensitive, ё = е; names that
// start with the text first, then a word that does, then the rest, each by name), a city's tariff zone,
// and a zone's tariffs.
import type { Queryable } from '../db/public.ts';
import type { Infer } from 'superstruct';
import type { City, Region } from '../../common/contract/orders.ts';

/** Lower case, ё as е, LIKE's own characters escaped. */
export function searchText(q: string | undefined): string {
  return (q ?? '')
    .trim()
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[\\%_]/g, (c) => `\\${c}`);
}

const norm = (col: string) => `translate(lower(${col}), 'ё', 'е')`;
/** 0: the name starts with $1; 1: a word of it does; 2: it contains $1. */
const rank = (col: string) => `case when ${norm(col)} like $1 || '%' then 0
  when ${norm(col)} like '% ' || $1 || '%' or ${norm(col)} like '%-' || $1 || '%' or ${norm(col)} like '%(' || $1 || '%' then 1
  else 2 end`;

export function searchRegions(db: Queryable, q: string, limit: number): Promise<Infer<typeof Region>[]> {
  return db.query(
    `select r.id, r.name from regions r
      where ${norm('r.name')} like '%' || $1 || '%'
      order by ${rank('r.name')}, r.name limit $2`,
    [q, limit],
  );
}

export function searchCities(db: Queryable, q: string, regionId: number | null, limit: number): Promise<City[]> {
  return db.query(
    `select c.id, c.name, c.region_id, r.name as region from cities c join regions r on r.id = c.region_id
      where ${norm('c.name')} like '%' || $1 || '%' and ($2::int is null or c.region_id = $2)
      order by ${rank('c.name')}, c.name, r.name limit $3`,
    [q, regionId, limit],
  );
}

export interface CityPlace {
  city_id: number;
  city: string;
  region_id: number;
  zone: number;
}

export async function cityPlace(db: Queryable, cityId: number): Promise<CityPlace | null> {
  const [row] = await db.query<CityPlace>(
    `select c.id as city_id, c.name as city, c.region_id, r.delivery_zone as zone
       from cities c join regions r on r.id = c.region_id where c.id = $1`,
    [cityId],
  );
  return row ?? null;
}

export interface TariffRow {
  method: 'courier' | 'pickup';
  price: number;
  free_from: number | null;
  days_min: number;
  days_max: number;
  pay_on_receipt_upto: number | null;
  fitting: boolean;
}

export function zoneTariffs(db: Queryable, zone: number): Promise<TariffRow[]> {
  return db.query<TariffRow>(
    `select method, price, free_from, days_min, days_max, pay_on_receipt_upto, fitting from delivery_tariffs
      where zone = $1 order by case method when 'courier' then 0 else 1 end`,
    [zone],
  );
}
