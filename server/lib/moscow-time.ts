// A moment in Moscow time (Intl): as the shop's mails and notifications say it, in Russian, and as machine
// formats (CommerceML, the feeds) write it.
const MOSCOW_TIME = new Intl.DateTimeFormat('ru-RU', {
  timeZone: 'Europe/Moscow',
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
});

/** "24 ноября в 15:40 (мск)": a deadline as the shop's mail says it. */
export const moscowTime = (d: Date): string => `${MOSCOW_TIME.format(d)} (мск)`;

const MOSCOW_STAMP = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Moscow',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** ["2026-11-26", "10:15:00"]: the date and time in Moscow, as CommerceML and the feeds write them. */
export const moscowStamp = (d: Date | string): [date: string, time: string] =>
  MOSCOW_STAMP.format(new Date(d)).split(' ') as [string, string];
