// What a backup holds of the database, asked of the database itself so a new migration's table is never left
// out: every table of the public schema but the migrations' own record (a restore writes that by migrating),
// with the columns a row may be given (a generated column is computed again), and every sequence's position.
import type { Queryable } from '../driver.ts';

export interface TableShape {
  name: string;
  /** Columns in their order, without generated ones. */
  columns: string[];
  /** A column is an identity GENERATED ALWAYS: the insert must say OVERRIDING SYSTEM VALUE. */
  alwaysIdentity: boolean;
}

export interface SequencePosition {
  name: string;
  /** null: never used (nextval gives its start). */
  lastValue: string | null;
}

const MIGRATIONS_TABLE = 'schema_migrations';

export async function tableShapes(q: Queryable): Promise<TableShape[]> {
  const rows = await q.query<{ table_name: string; column_name: string; is_generated: string; identity_generation: string | null }>(
    `select c.table_name, c.column_name, c.is_generated, c.identity_generation
       from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.table_name <> $1
      order by c.table_name, c.ordinal_position`,
    [MIGRATIONS_TABLE],
  );
  const tables = new Map<string, TableShape>();
  for (const r of rows) {
    const table = tables.get(r.table_name) ?? { name: r.table_name, columns: [], alwaysIdentity: false };
    tables.set(r.table_name, table);
    if (r.is_generated === 'ALWAYS') continue;
    table.columns.push(r.column_name);
    if (r.identity_generation === 'ALWAYS') table.alwaysIdentity = true;
  }
  return [...tables.values()];
}

export async function sequencePositions(q: Queryable): Promise<SequencePosition[]> {
  const rows = await q.query<{ name: string; last_value: string | null }>(
    `select sequencename as name, last_value::text as last_value from pg_sequences where schemaname = 'public' order by 1`,
  );
  return rows.map((r) => ({ name: r.name, lastValue: r.last_value }));
}

/** The migrations the database has applied, in order. */
export async function appliedMigrations(q: Queryable): Promise<string[]> {
  return (await q.query<{ name: string }>(`select name from ${MIGRATIONS_TABLE} order by name`)).map((r) => r.name);
}

/** Tables of the public schema: none in a database a restore may fill. */
export async function tableCount(q: Queryable): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    `select count(*)::int as n from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  return row.n;
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Reads a table's rows, each as its JSON text (never parsed here: numbers keep every digit), `pageSize` at a
 * time through a cursor (inside the caller's transaction), handing each page to `onPage`.
 */
export async function readRowsAsJson(q: Queryable, table: TableShape, pageSize: number, onPage: (rows: string[]) => void): Promise<void> {
  await q.exec(`declare backup_rows no scroll cursor for select row_to_json(t)::text as row from ${quoted(table.name)} t`);
  for (;;) {
    const rows = await q.query<{ row: string }>(`fetch forward ${pageSize} from backup_rows`);
    // A json column keeps its text as written, line breaks included: outside a string a line break is only
    // JSON's white space, so it becomes a space, and every row stays on its line.
    onPage(rows.map((r) => r.row.replace(/[\r\n]/g, ' ')));
    if (rows.length < pageSize) break;
  }
  await q.exec('close backup_rows');
}

/** Inserts rows given as JSON texts, all in one statement (rows of one table may refer to each other). */
export async function insertJsonRows(q: Queryable, table: TableShape, rows: string[]): Promise<void> {
  const columns = table.columns.map(quoted).join(', ');
  await q.query(
    `insert into ${quoted(table.name)} (${columns}) ${table.alwaysIdentity ? 'overriding system value' : ''}
     select ${columns} from json_populate_recordset(null::${quoted(table.name)}, $1::json)`,
    [`[${rows.join(',')}]`],
  );
}

/** Empties every table a migration may have filled (reference data), before a backup's rows go in. */
export async function emptyTables(q: Queryable, tables: TableShape[]): Promise<void> {
  if (tables.length) await q.exec(`truncate ${tables.map((t) => quoted(t.name)).join(', ')} restart identity cascade`);
}

export async function setSequence(q: Queryable, s: SequencePosition): Promise<void> {
  if (s.lastValue === null) return;
  await q.query('select setval($1::regclass, $2::bigint, true)', [quoted(s.name), s.lastValue]);
}
