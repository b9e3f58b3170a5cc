// What the exchange leaves behind, dropped by housekeeping: the sessions 1C stopped using, with the files
// they uploaded (a full package is 100 MB; 1C exchanging every quarter of an hour would fill the disk), and
// the log's exchanges older than the staff need.
import type { Db } from '../db/public.ts';
import { dropOldRuns, forgetStaleSessions } from './exchange-sql.ts';
import { removeFolder, sessionFolder, uploadsRoot } from './uploads.ts';

/** How long the log keeps an exchange. */
export const RUNS_KEPT_DAYS = 90;

export async function forgetOldExchanges(db: Db, dataDir: string): Promise<{ exchangeSessions: number; exchangeRuns: number }> {
  const stale = await forgetStaleSessions(db);
  for (const token of stale) await removeFolder(sessionFolder(uploadsRoot(dataDir), token));
  return { exchangeSessions: stale.length, exchangeRuns: await dropOldRuns(db, RUNS_KEPT_DAYS) };
}
