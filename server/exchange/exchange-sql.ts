// The exchange's own rows: 1C's sessions (the cookie of checkauth, what its uploads hold, what the last
// sale query sent) and the runs, the staff's log of every exchange.
import type { Db, Queryable } from '../db/public.ts';

/**
 * A session nobody used for this long is over, and forgotten with its uploads at the next checkauth or
 * housekeeping: within an exchange 1C's calls follow each other within seconds (an import step answers within
 * EXCHANGE_STEP_SECONDS), so a session this quiet was finished or abandoned.
 */
export const SESSION_IDLE_MINUTES = 30;

export async function openSession(db: Queryable, token: string): Promise<void> {
  await db.query('insert into exchange_sessions (token) values ($1)', [token]);
}

/** The session of that cookie, marked used now; false when unknown or forgotten. */
export async function touchSession(db: Queryable, token: string): Promise<boolean> {
  const rows = await db.query(
    `update exchange_sessions set used_at = now()
      where token = $1 and used_at > now() - make_interval(mins => $2) returning token`,
    [token, SESSION_IDLE_MINUTES],
  );
  return rows.length > 0;
}

/** Sessions gone stale: their rows are removed and their tokens returned (their folders go too). */
export async function forgetStaleSessions(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ token: string }>(
    `delete from exchange_sessions where used_at < now() - make_interval(mins => $1) returning token`,
    [SESSION_IDLE_MINUTES],
  );
  return rows.map((r) => r.token);
}

/**
 * Counts bytes against what every open session's uploads may hold together: false (nothing counted) when they
 * would pass it. The sessions' rows are locked while they are summed, so two sessions uploading at once never
 * both pass the cap.
 */
export async function countUpload(db: Db, token: string, bytes: number, max: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ token: string; uploaded: string }>(
      'select token, uploaded from exchange_sessions order by token for update',
    );
    const total = rows.reduce((s, r) => s + Number(r.uploaded), 0);
    if (!rows.some((r) => r.token === token) || total + bytes > max) return false;
    await tx.query('update exchange_sessions set uploaded = uploaded + $2 where token = $1', [token, bytes]);
    return true;
  });
}

/** The session's files are gone (1C said complete): they no longer count. */
export async function uploadsCleared(db: Queryable, token: string): Promise<void> {
  await db.query('update exchange_sessions set uploaded = 0 where token = $1', [token]);
}

export interface SentOrder {
  id: number;
  state: string;
}

export async function rememberSent(db: Queryable, token: string, sent: readonly SentOrder[]): Promise<void> {
  await db.query('update exchange_sessions set sent_orders = $2::jsonb where token = $1', [token, JSON.stringify(sent)]);
}

export async function takeSent(db: Queryable, token: string): Promise<SentOrder[]> {
  const [row] = await db.query<{ sent: SentOrder[] }>(
    `update exchange_sessions s set sent_orders = '[]' from exchange_sessions old
      where s.token = $1 and old.token = s.token returning old.sent_orders as sent`,
    [token],
  );
  return row?.sent ?? [];
}

export type RunStatus = 'running' | 'success' | 'failure';

export interface RunRow {
  id: number;
  kind: 'catalog' | 'sale';
  file: string;
  status: RunStatus;
  changes_only: boolean | null;
  counts: Record<string, number>;
  problems: string[];
  failure: string | null;
  started_at: Date;
  finished_at: Date | null;
}

const RUN_COLUMNS = 'id, kind, file, status, changes_only, counts, problems, failure, started_at, finished_at';

/** A run that holds the one import place: null when another import runs (the unique index refuses). */
export async function startRun(db: Queryable, kind: RunRow['kind'], file: string, session: string): Promise<number | null> {
  const rows = await db.query<{ id: number }>(
    `insert into exchange_runs (kind, file, session) values ($1, $2, $3) on conflict do nothing returning id`,
    [kind, file, session],
  );
  return rows[0]?.id ?? null;
}

/** A finished exchange that needed no waiting (a sale query, success or file), logged whole. */
export async function logRun(
  db: Queryable,
  run: {
    kind: RunRow['kind'];
    file: string;
    session: string;
    status: RunStatus;
    counts: Record<string, number>;
    problems: string[];
    failure?: string;
  },
): Promise<void> {
  await db.query(
    `insert into exchange_runs (kind, file, session, status, counts, problems, failure, finished_at)
     values ($1, $2, $3, $4, $5::jsonb, $6::text[], $7, now())`,
    [run.kind, run.file, run.session, run.status, JSON.stringify(run.counts), run.problems, run.failure ?? null],
  );
}

export async function beat(db: Queryable, runId: number, counts: Record<string, number>): Promise<void> {
  await db.query(`update exchange_runs set beat_at = now(), counts = $2::jsonb where id = $1 and status = 'running'`, [
    runId,
    JSON.stringify(counts),
  ]);
}

export async function finishRun(
  db: Queryable,
  runId: number,
  end: {
    status: Exclude<RunStatus, 'running'>;
    changesOnly?: boolean;
    counts: Record<string, number>;
    problems: string[];
    failure?: string;
  },
): Promise<void> {
  await db.query(
    `update exchange_runs set status = $2, changes_only = $3, counts = $4::jsonb, problems = $5::text[], failure = $6,
            finished_at = now(), beat_at = now()
      where id = $1`,
    [runId, end.status, end.changesOnly ?? null, JSON.stringify(end.counts), end.problems, end.failure ?? null],
  );
}

/** The latest run of that file in that session. */
export async function lastRunOf(db: Queryable, session: string, file: string): Promise<RunRow | null> {
  const [row] = await db.query<RunRow>(
    `select ${RUN_COLUMNS} from exchange_runs where session = $1 and file = $2 order by id desc limit 1`,
    [session, file],
  );
  return row ?? null;
}

export async function runById(db: Queryable, id: number): Promise<RunRow | null> {
  const [row] = await db.query<RunRow>(`select ${RUN_COLUMNS} from exchange_runs where id = $1`, [id]);
  return row ?? null;
}

/** An import whose process stopped beating (it was stopped mid-import) is failed, freeing the import place. */
export async function failStalledRuns(db: Queryable, staleSeconds: number, failure: string): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `update exchange_runs set status = 'failure', failure = $2, finished_at = now()
      where status = 'running' and beat_at < now() - make_interval(secs => $1) returning id`,
    [staleSeconds, failure],
  );
  return rows.map((r) => r.id);
}

/** The staff's log: the latest runs first. */
export async function recentRuns(db: Queryable, limit: number): Promise<RunRow[]> {
  return db.query<RunRow>(`select ${RUN_COLUMNS} from exchange_runs order by started_at desc, id desc limit $1`, [limit]);
}

/** Drops the log's exchanges older than `days` (never one still running). */
export async function dropOldRuns(db: Queryable, days: number): Promise<number> {
  const rows = await db.query(
    `delete from exchange_runs where status <> 'running' and started_at < now() - make_interval(days => $1) returning id`,
    [days],
  );
  return rows.length;
}

/** A package of the session held only changes: its mode=deactivate must hide nothing. */
export async function markSessionChangesOnly(db: Queryable, token: string): Promise<void> {
  await db.query('update exchange_sessions set changes_only = true where token = $1', [token]);
}

export async function sessionHadChangesOnly(db: Queryable, token: string): Promise<boolean> {
  const [row] = await db.query<{ changes_only: boolean }>('select changes_only from exchange_sessions where token = $1', [token]);
  return row?.changes_only ?? true;
}
