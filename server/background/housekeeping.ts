// Housekeeping's rules: how long rows of no more use are kept before they are dropped: old Idempotency-Key
// answers, idle visitor carts, old rate-limit hits, spent password reset and e-mail change links and
// long-revoked sign-in tokens, the desk's spent invitations and ended sessions, settled push messages, and the exchange's stale sessions with their files and
// old log entries (exchange/cleanup.ts). (Unpaid orders are background/unpaid-orders.ts's, every minute.)
import type { Db } from '../db/public.ts';
import { LONGEST_WINDOW_S, dropOldAnswers, dropOldHits } from '../http/public.ts';
import { dropSettledPushes } from '../push/public.ts';
import { forgetOldExchanges } from '../exchange/public.ts';
import { dropSpentInvitations } from '../desk/public.ts';
import { dropEndedDeskSessions } from '../sessions/public.ts';
import { dropIdleVisitorCarts, dropRevokedTokens, dropSpentLinks } from './housekeeping-sql.ts';

export const KEEP = {
  /** Stored Idempotency-Key answers: an offline basket replays well within this. */
  answersDays: 30,
  /** A visitor's cart nobody changed for this long is dropped. */
  visitorCartDays: 90,
  /** Password reset and e-mail change links, once expired or used. */
  resetTokenDays: 1,
  /** The desk's invitations once expired or taken, its sessions once ended. */
  staffRowsDays: 7,
  /** Sign-in tokens, once revoked. */
  revokedTokenDays: 30,
  /** Push messages, once sent or given up on (the reason of a failure stays this long for a look). */
  settledPushDays: 7,
} as const;

type HousekeepingReport = {
  answers: number;
  visitorCarts: number;
  rateLimitHits: number;
  resetTokens: number;
  emailChanges: number;
  revokedTokens: number;
  staffInvitations: number;
  deskSessions: number;
  settledPushes: number;
} & Awaited<ReturnType<typeof forgetOldExchanges>>;

/** `dataDir` holds the exchange's uploads (the config's DATA_DIR). */
export async function runHousekeeping(db: Db, dataDir: string): Promise<HousekeepingReport> {
  return {
    ...(await forgetOldExchanges(db, dataDir)),
    answers: await dropOldAnswers(db, KEEP.answersDays),
    visitorCarts: await dropIdleVisitorCarts(db, KEEP.visitorCartDays),
    rateLimitHits: await dropOldHits(db, LONGEST_WINDOW_S),
    resetTokens: await dropSpentLinks(db, 'password_reset_tokens', KEEP.resetTokenDays),
    emailChanges: await dropSpentLinks(db, 'email_changes', KEEP.resetTokenDays),
    revokedTokens: await dropRevokedTokens(db, KEEP.revokedTokenDays),
    staffInvitations: await dropSpentInvitations(db, KEEP.staffRowsDays),
    deskSessions: await dropEndedDeskSessions(db, KEEP.staffRowsDays),
    settledPushes: await dropSettledPushes(db, KEEP.settledPushDays),
  };
}
