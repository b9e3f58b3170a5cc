// The rows of a package read but not yet applied (exchange_staged_*), written in batches, each one short
// statement, so the shop keeps answering while a big package is read; and the classifier's dictionaries
// kept across packages (exchange_properties, exchange_property_values).
import type { Queryable } from '../db/public.ts';
import type { Dictionaries } from './package-reader.ts';

export interface StagedGroup {
  ext_id: string;
  parent_ext_id: string | null;
  name: string;
}

export interface StagedProduct {
  line: number;
  ext_id: string;
  article: string;
  name: string;
  slug: string;
  description: string;
  group_ext_id: string | null;
  brand: string | null;
  color: string | null;
  /** null: the package did not speak of pictures (keep them); [] : it has none. */
  pictures: string[] | null;
  deleted: boolean;
}

export interface StagedOffer {
  line: number;
  ext_id: string;
  product_ext_id: string;
  size: string | null;
  color: string | null;
  price: number | null;
  quantity: number | null;
  deleted: boolean;
}

const column = <T, K extends keyof T>(rows: readonly T[], key: K) => rows.map((r) => r[key]);

export async function stageGroups(db: Queryable, runId: number, rows: readonly StagedGroup[]): Promise<void> {
  await db.query(
    `insert into exchange_staged_groups (run_id, ext_id, parent_ext_id, name)
     select $1, * from unnest($2::text[], $3::text[], $4::text[])`,
    [runId, column(rows, 'ext_id'), column(rows, 'parent_ext_id'), column(rows, 'name')],
  );
}

export async function stageProducts(db: Queryable, runId: number, rows: readonly StagedProduct[]): Promise<void> {
  // Pictures travel as one JSON array per row: unnest cannot take an array of arrays of different lengths.
  await db.query(
    `insert into exchange_staged_products
       (run_id, line, ext_id, article, name, slug, description, group_ext_id, brand, color, pictures, deleted)
     select $1, line, ext_id, article, name, slug, description, group_ext_id, brand, color,
            case when pictures is null then null else array(select jsonb_array_elements_text(pictures)) end, deleted
       from unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[],
                   $10::text[], $11::jsonb[], $12::boolean[])
            as x(line, ext_id, article, name, slug, description, group_ext_id, brand, color, pictures, deleted)`,
    [
      runId,
      column(rows, 'line'),
      column(rows, 'ext_id'),
      column(rows, 'article'),
      column(rows, 'name'),
      column(rows, 'slug'),
      column(rows, 'description'),
      column(rows, 'group_ext_id'),
      column(rows, 'brand'),
      column(rows, 'color'),
      rows.map((r) => (r.pictures ? JSON.stringify(r.pictures) : null)),
      column(rows, 'deleted'),
    ],
  );
}

export async function stageOffers(db: Queryable, runId: number, rows: readonly StagedOffer[]): Promise<void> {
  await db.query(
    `insert into exchange_staged_offers (run_id, line, ext_id, product_ext_id, size, color, price, quantity, deleted)
     select $1, * from unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[], $8::int[], $9::boolean[])`,
    [
      runId,
      column(rows, 'line'),
      column(rows, 'ext_id'),
      column(rows, 'product_ext_id'),
      column(rows, 'size'),
      column(rows, 'color'),
      column(rows, 'price'),
      column(rows, 'quantity'),
      column(rows, 'deleted'),
    ],
  );
}

/** Forgets what a run staged (once applied, or when it failed). */
export async function dropStaged(db: Queryable, runId: number): Promise<void> {
  await db.query('delete from exchange_staged_groups where run_id = $1', [runId]);
  await db.query('delete from exchange_staged_products where run_id = $1', [runId]);
  await db.query('delete from exchange_staged_offers where run_id = $1', [runId]);
}

export async function loadDictionaries(db: Queryable): Promise<Dictionaries> {
  const properties = await db.query<{ ext_id: string; name: string }>('select ext_id, name from exchange_properties');
  const values = await db.query<{ property_ext_id: string; value_ext_id: string; value: string }>(
    'select property_ext_id, value_ext_id, value from exchange_property_values',
  );
  return {
    properties: new Map(properties.map((p) => [p.ext_id, p.name])),
    values: new Map(values.map((v) => [`${v.property_ext_id}\n${v.value_ext_id}`, v.value])),
  };
}

/** Keeps the classifier's properties and values a package named (inside the package's transaction). */
export async function saveDictionaries(db: Queryable, properties: [string, string][], values: [string, string, string][]): Promise<void> {
  if (properties.length) {
    await db.query(
      `insert into exchange_properties (ext_id, name)
       select distinct on (ext_id) * from unnest($1::text[], $2::text[]) as x(ext_id, name)
       on conflict (ext_id) do update set name = excluded.name`,
      [properties.map((p) => p[0]), properties.map((p) => p[1])],
    );
  }
  if (values.length) {
    await db.query(
      `insert into exchange_property_values (property_ext_id, value_ext_id, value)
       select distinct on (p, v) * from unnest($1::text[], $2::text[], $3::text[]) as x(p, v, value)
       on conflict (property_ext_id, value_ext_id) do update set value = excluded.value`,
      [values.map((v) => v[0]), values.map((v) => v[1]), values.map((v) => v[2])],
    );
  }
}
