// Price and date formatting of spec §9.
import { describe, expect, it } from 'vitest';
import { formatPrice, groupDigits } from '../../common/money.ts';
import { formatDate } from '../../src/lib/dates.ts';

const sp = (s: string) => s.replace(/\u00a0/g, ' ');

describe('prices', () => {
  it('splits groups of three digits with a space and ends with ₽', () => {
    expect(sp(formatPrice(1234))).toBe('1 234 ₽');
    expect(sp(formatPrice(990))).toBe('990 ₽');
    expect(sp(formatPrice(1234567))).toBe('1 234 567 ₽');
    expect(sp(formatPrice(0))).toBe('0 ₽');
    expect(sp(groupDigits(-56789))).toBe('-56 789');
  });
  it('uses a no-break space so a price never wraps', () => {
    expect(formatPrice(12490)).toBe('12\u00a0490\u00a0₽');
  });
});

describe('dates', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it('is relative within the last day', () => {
    expect(formatDate('2026-11-22T11:59:40Z', now)).toBe('только что');
    expect(formatDate('2026-11-22T11:55:00Z', now)).toBe('5 минут назад');
    expect(formatDate('2026-11-22T11:39:00Z', now)).toBe('21 минуту назад');
    expect(formatDate('2026-11-22T09:00:00Z', now)).toBe('3 часа назад');
    expect(formatDate('2026-11-21T13:00:00Z', now)).toBe('23 часа назад');
  });
  it('is day, month name and year otherwise, in Moscow time', () => {
    expect(formatDate('2026-11-20T12:00:00Z', now)).toBe('20 ноября 2026');
    expect(formatDate('2026-05-01T22:30:00Z', now)).toBe('2 мая 2026');
    expect(formatDate('not a date', now)).toBe('');
  });
});
