// Russian dates of spec §9: within the last day relative ("3 часа назад"), otherwise "12 мая 2026"; and a
// deadline with its time, "24 ноября в 15:40 (мск)". The shop's dates are Moscow's, whatever zone the device is in.
import { plural } from '../../common/plural.ts';

const MONTHS = [
  'января',
  'февраля',
  'марта',
  'апреля',
  'мая',
  'июня',
  'июля',
  'августа',
  'сентября',
  'октября',
  'ноября',
  'декабря',
] as const;

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
    timeZone: 'Europe/Moscow',
    day: 'numeric',
    month: 'numeric',
    year: 'numeric',
  }).formatToParts(date);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  return `${get('day')} ${MONTHS[get('month') - 1]} ${get('year')}`;
}

const DEADLINE = new Intl.DateTimeFormat('ru-RU', {
  timeZone: 'Europe/Moscow',
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
});

/** "24 ноября в 15:40 (мск)": a deadline (an unpaid order's), as the shop's mail says it. */
export const formatDeadline = (value: string | Date): string => `${DEADLINE.format(new Date(value))} (мск)`;
