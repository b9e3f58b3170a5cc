// Fast bulk inserts for the seed: one `jsonb_populate_recordset` statement per chunk of rows.
import type { Queryable } from '../driver.ts';

const CHUNK = 2000;

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Inserts rows (plain objects whose keys are column names; the first row's keys name the columns) into table.
 * When the rows carry explicit ids, the table's id sequence is moved past the largest one.
 */
export async function insertRows(q: Queryable, table: string, rows: readonly object[]): Promise<number> {
  const first = rows[0];
  if (!first) return 0;
  const columns = Object.keys(first);
  const cols = columns.map(ident).join(', ');
  const sql = `insert into ${ident(table)} (${cols})
    select ${cols} from jsonb_populate_recordset(null::${ident(table)}, $1::jsonb)`;
  for (let i = 0; i < rows.length; i += CHUNK) {
    await q.query(sql, [JSON.stringify(rows.slice(i, i + CHUNK))]);
  }
  if (columns.includes('id')) {
    // pg_get_serial_sequence is null for a table whose id is not serial (organization); setval(null) is a no-op.
    await q.query(`select setval(pg_get_serial_sequence($1, 'id'), (select max(id) from ${ident(table)}))`, [table]);
  }
  return rows.length;
}
