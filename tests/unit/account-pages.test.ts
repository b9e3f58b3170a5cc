// The account pages' pure rules: the profile form (spec §5 password rules, optional phone in the mask, what
// is sent), the saved address form, the failure text of spec §8, and the bonus and order words.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/api-error.ts';
import type { Address, User } from '../../common/contract/accounts.ts';
import { registerFailure as failureText, TEXT } from '../../src/api/account-errors.ts';

const { offline: NO_CONNECTION, unknown: UNKNOWN_ERROR } = TEXT;
import { addressFormOf, addressLine, addressPayload, checkAddress, emptyAddress } from '../../src/features/account/address-rules.ts';
import { BONUS_KIND_TEXT, bonusRuleLines, entryText, pointsText } from '../../src/features/account/bonus-text.ts';
import { orderStatusName } from '../../common/order-status.ts';
import { checkProfile, maskedPhone, profileFormOf, profilePayload } from '../../src/features/account/profile-rules.ts';

const user: User = {
  email: 'olga@example.ru',
  phone: '+79161112233',
  first_name: 'Ольга',
  last_name: 'Смирнова',
  second_name: 'Петровна',
  full_name: 'Смирнова Ольга Петровна',
  subscribed: false,
  has_password: true,
  pending_email: null,
};

describe('profile form', () => {
  it('starts from the user, the phone in the mask', () => {
    const f = profileFormOf(user);
    expect(f).toMatchObject({
      last_name: 'Смирнова',
      first_name: 'Ольга',
      middle_name: 'Петровна',
      phone: '+7(916)-111-22-33',
      password_one: '',
    });
    expect(checkProfile(f, user)).toEqual({});
    expect(maskedPhone('123')).toBe('123');
  });

  it('marks each failing field: names, e-mail, an incomplete phone', () => {
    const f = { ...profileFormOf(user), last_name: ' ', first_name: '', email: 'olga@', phone: '+7(916)-111-2_-__' };
    expect(Object.keys(checkProfile(f, user)).sort()).toEqual(['email', 'first_name', 'last_name', 'phone']);
    // The mask's empty value is no phone at all, which is allowed.
    expect(checkProfile({ ...profileFormOf(user), phone: '+7(___)-___-__-__' }, user)).toEqual({});
  });

  it('checks a new password by the final rule (a Latin capital) and its repeat', () => {
    const base = { ...profileFormOf(user), current_password: 'Morskoy2025' };
    expect(checkProfile({ ...base, password_one: 'Пароль123', password_two: 'Пароль123' }, user)).toHaveProperty('password_one');
    expect(checkProfile({ ...base, password_one: 'Short1A', password_two: 'Short1A' }, user)).toHaveProperty('password_one');
    expect(checkProfile({ ...base, password_one: 'Morskoy2026', password_two: 'Morskoy2027' }, user)).toEqual({
      password_two: 'Пароли не совпадают',
    });
    expect(checkProfile({ ...base, password_two: 'Morskoy2026' }, user)).toHaveProperty('password_two');
    expect(checkProfile({ ...base, password_one: 'Morskoy2026', password_two: 'Morskoy2026' }, user)).toEqual({});
  });

  it('asks for the current password when the password or the e-mail changes, not for names or the phone', () => {
    const base = profileFormOf(user);
    expect(checkProfile({ ...base, last_name: 'Петрова', phone: '' }, user)).toEqual({});
    expect(checkProfile({ ...base, email: 'new@example.ru' }, user)).toEqual({ current_password: 'Введите текущий пароль' });
    expect(checkProfile({ ...base, email: ' OLGA@example.ru ' }, user)).toEqual({});
    expect(checkProfile({ ...base, password_one: 'Morskoy2026', password_two: 'Morskoy2026' }, user)).toEqual({
      current_password: 'Введите текущий пароль',
    });
    expect(profilePayload({ ...base, email: 'new@example.ru', current_password: 'Morskoy2025' })).toMatchObject({
      current_password: 'Morskoy2025',
    });
  });

  it('sends trimmed names, the e-mail lowercased, the phone without dashes, a password only when set', () => {
    const f = { ...profileFormOf(user), last_name: ' Петрова ', email: ' Olga@Example.RU ' };
    expect(profilePayload(f)).toEqual({
      last_name: 'Петрова',
      first_name: 'Ольга',
      middle_name: 'Петровна',
      email: 'olga@example.ru',
      phone: '+79161112233',
    });
    expect(profilePayload({ ...f, phone: '+7(___)-___-__-__', password_one: 'Morskoy2026', password_two: 'Morskoy2026' })).toMatchObject({
      phone: '',
      password_one: 'Morskoy2026',
      password_two: 'Morskoy2026',
    });
  });
});

describe('address form', () => {
  const sochi = { id: 7, name: 'Сочи', region_id: 3, region: 'Краснодарский край' };
  it('asks for a city from the list, street and house; a postcode has 6 digits', () => {
    expect(checkAddress(emptyAddress(true))).toEqual({ city: 'Выберите город из списка', street: 'Укажите улицу', house: 'Укажите дом' });
    const ok = { ...emptyAddress(false), city: sochi, street: 'ул. Морская', house: '5' };
    expect(checkAddress(ok)).toEqual({});
    expect(checkAddress({ ...ok, postcode: '3540' })).toEqual({ postcode: 'Индекс — 6 цифр' });
  });

  it('sends the chosen city with its region, and reads a saved one back', () => {
    const f = { ...emptyAddress(true), city: sochi, street: ' ул. Морская ', house: '5', flat: '12', postcode: '354000' };
    const sent = addressPayload(f);
    expect(sent).toEqual({
      region_id: 3,
      city_id: 7,
      city: 'Сочи',
      street: 'ул. Морская',
      house: '5',
      flat: '12',
      postcode: '354000',
      comment: '',
      is_default: true,
    });
    const saved: Address = {
      id: 4,
      region_id: 3,
      city_id: 7,
      city: 'Сочи',
      street: 'ул. Морская',
      house: '5',
      flat: '12',
      postcode: '354000',
      comment: '',
      is_default: true,
    };
    expect(addressFormOf(saved)).toMatchObject({ id: 4, city: { id: 7, name: 'Сочи', region_id: 3 } });
    expect(addressPayload(addressFormOf(saved))).toMatchObject({ id: 4, city_id: 7 });
    expect(addressFormOf({ ...saved, city_id: null }).city).toBeNull();
    expect(addressLine(saved)).toBe('Сочи, ул. Морская, д. 5, кв. 12, 354000');
  });
});

describe('failure text (spec §8)', () => {
  it("shows the server's message, else the default text; a lost connection says so", () => {
    const taken = new ApiError('Данная почта уже зарегистрирована в системе', 400, {
      message: 'Данная почта уже зарегистрирована в системе',
    });
    expect(failureText(taken)).toBe('Данная почта уже зарегистрирована в системе');
    expect(failureText(new ApiError('Ошибка сервера (400)', 400, null))).toBe(UNKNOWN_ERROR);
    expect(failureText(new ApiError('Ошибка сервера (500)', 500, { message: 'internal' }))).toBe(UNKNOWN_ERROR);
    expect(failureText(new ApiError('Нет связи с сервером', 0, new TypeError('Failed to fetch')))).toBe(NO_CONNECTION);
    expect(failureText(new Error('boom'))).toBe(UNKNOWN_ERROR);
    expect(UNKNOWN_ERROR).toBe('Неизвестная ошибка, обратитесь в тех поддержку');
  });
});

describe('bonus and order words', () => {
  it('names every ledger kind in Russian and counts points', () => {
    expect(Object.values(BONUS_KIND_TEXT).every((t) => /^[А-Я]/.test(t))).toBe(true);
    expect(entryText({ kind: 'spend', amount: -300 })).toBe('Оплата заказа баллами');
    expect(entryText({ kind: 'spend', amount: 300 })).toBe('Возврат баллов за отменённый заказ');
    expect(pointsText(1)).toBe('1 балл');
    expect(pointsText(3)).toBe('3 балла');
    expect(pointsText(250)).toBe('250 баллов');
  });

  it('writes the rules from the numbers it is given', () => {
    const lines = bonusRuleLines({ accrual_percent: 7, max_share_percent: 25, lifetime_days: 181 }).join(' ');
    expect(lines).toContain('7% от стоимости товаров');
    expect(lines).toContain('до 25% стоимости товаров');
    expect(lines).toContain('181 день');
  });

  it('reads known statuses in Russian and keeps an unknown one as sent', () => {
    expect(orderStatusName('new')).toBe('Новый');
    expect(orderStatusName('paid')).toBe('Оплачен');
    expect(orderStatusName('returned')).toBe('Возвращён');
    expect(orderStatusName('lost_at_sea')).toBe('lost_at_sea');
  });
});
