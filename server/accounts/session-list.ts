// The profile's list of active sessions: each signed-in device named from its browser's User-Agent (by
// bowser) with where and when it was used, the current one marked; and ending every session but this one.
import Bowser from 'bowser';
import type { Session } from '../../common/contract/accounts.ts';
import type { Db } from '../db/public.ts';
import { liveSessions, revokeOtherTokens } from '../sessions/public.ts';

export const SESSION_MESSAGES = {
  endedOthers: (n: number) => (n ? `Вы вышли на других устройствах (${n})` : 'Других активных сеансов нет'),
} as const;

/** "Chrome 131, Android 14" / "Safari, iOS" / "Неизвестное устройство". */
export function deviceName(userAgent: string): string {
  if (!userAgent) return 'Неизвестное устройство';
  const { browser, os } = Bowser.parse(userAgent);
  const major = (v?: string) => v?.split('.')[0];
  const parts = [
    [browser.name, major(browser.version)].filter(Boolean).join(' '),
    [os.name, major(os.version)].filter(Boolean).join(' '),
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'Неизвестное устройство';
}

export async function sessionsOf(db: Db, userId: number, currentToken: string | null): Promise<Session[]> {
  return (await liveSessions(db, userId)).map((s) => ({
    id: s.id,
    created_at: new Date(s.created_at).toISOString(),
    last_used_at: new Date(s.last_used_at).toISOString(),
    device: deviceName(s.user_agent),
    address: s.address,
    current: s.key === currentToken,
  }));
}

/** "Выйти на других устройствах": every token of the user but this request's. */
export async function endOtherSessions(db: Db, userId: number, currentToken: string): Promise<string> {
  return SESSION_MESSAGES.endedOthers(await revokeOtherTokens(db, userId, currentToken));
}
