// Russian dates of spec §9: within the last day relative ("3 часа назад"), otherwise "12 мая 2026".
const MONTHS = [
  'января', 'февраля', 'марта', 'апреля', 'мая', 'июня',
  'июля', 'августа', 'сентября', 'октября', 'ноября', 'декабря',
] as const;

/** Russian plural: plural(5, ['минуту', 'минуты', 'минут']) -> 'минут'. */
export function plural(n: number, forms: readonly [string, string, string]): string {
  const n10 = n % 10;
  const n100 = n % 100;
  if (n10 === 1 && n100 !== 11) return forms[0];
  if (n10 >= 2 && n10 <= 4 && (n100 < 12 || n100 > 14)) return forms[1];
  return forms[2];
}

export function formatDate(value: string | Date, now: Date = new Date()): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const diffMs = now.getTime() - date.getTime();
  if (diffMs >= 0 && diffMs < 24 * 3600_000) {
    const minutes = Math.floor(diffMs / 60_000);
    if (minutes < 1) return 'только что';
    if (minutes < 60) return `${minutes} ${plural(minutes, ['минуту', 'минуты', 'минут'])} назад`;
    const hours = Math.floor(minutes / 60);
    return `${hours} ${plural(hours, ['час', 'часа', 'часов'])} назад`;
  }
  // Moscow time: the shop's dates are its own, whatever zone the device is in.
  const parts = new Intl.DateTimeFormat('ru-RU', {
    timeZone: 'Europe/Moscow', day: 'numeric', month: 'numeric', year: 'numeric',
  }).formatToParts(date);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  return `${get('day')} ${MONTHS[get('month') - 1]} ${get('year')}`;
}
