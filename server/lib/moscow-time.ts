// A moment as the shop's mails and notifications say it: in Moscow time, in Russian (Intl).
const MOSCOW_TIME = new Intl.DateTimeFormat('ru-RU', {
  timeZone: 'Europe/Moscow',
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
});

/** "24 ноября в 15:40 (мск)": a deadline as the shop's mail says it. */
export const moscowTime = (d: Date): string => `${MOSCOW_TIME.format(d)} (мск)`;
