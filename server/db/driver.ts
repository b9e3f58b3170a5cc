// The one database interface the rest of the server sees; which engine runs behind it is known only here
// and in the two adapters (pglite.ts, postgres.ts).
export type Row = Record<string, unknown>;

export interface Queryable {
  /** Runs one statement with $1..$n parameters and returns its rows. */
  query<T = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations, seed resets). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly engine: 'pglite' | 'postgres';
  /** PGlite's folder on disk; none for a database in memory or on PostgreSQL. */
  readonly folder?: string;
  /** Runs fn inside BEGIN/COMMIT on one connection; any throw rolls back. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * LISTEN: calls onNotice with the payload of each NOTIFY on channel, once its transaction committed; onGap
   * when notices may have been missed (the listening connection was lost and is back). Resolves to unlisten.
   */
  listen(channel: string, onNotice: (payload: string) => void, onGap?: () => void): Promise<() => Promise<void>>;
  /** The notices' connection is up now (PGlite's are in-process: always); readiness asks it. */
  listening(): boolean;
  /**
   * The connections' use now, for /metrics: connections open, idle ones, and queries waiting for one. PGlite
   * is one connection: open 1, idle 1 or 0, and waiting the statements and transactions queued behind the one running.
   */
  poolUse(): { connections: number; idle: number; waiting: number };
  close(): Promise<void>;
}
