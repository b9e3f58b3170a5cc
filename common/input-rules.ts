// The input rules of spec §5, each written once with the Russian words a shopper reads when it fails: the
// page's forms mark the field with that message, and the server refuses a request with the same text (the
// contract's structs carry the field rules through `ruled`, common/contract/base.ts; the rules that depend on
// other fields are asked by the server's domain code). So a call that skips the page is held to the page's
// rule. tests/server/input-rules-parity.test.ts sends each rule's edge cases to both and expects one verdict.

/** A rule of one field: whether a typed value passes, and what the shopper is told when it does not. */
export interface Rule {
  readonly test: (raw: string) => boolean;
  readonly message: string;
}

/** The rule's message when the value fails it, else undefined (a form's hint for the field). */
export const failing = (rule: Rule, raw: string): string | undefined => (rule.test(raw) ? undefined : rule.message);

/** A form's hints with the passing fields left out: a field has a key only when it failed. */
export const onlyFailed = <T extends object>(hints: T): T =>
  Object.fromEntries(Object.entries(hints).filter(([, message]) => message !== undefined)) as T;

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export const isEmail = (s: string) => EMAIL_RE.test(s.trim());

/** E-mail as it is sent and stored (spec §5: lowercased). */
export const normalizeEmail = (s: string) => s.trim().toLowerCase();

export const EMAIL: Rule = { test: isEmail, message: 'Укажите e-mail в виде name@example.ru' };

/** Full name (surname, first name, patronymic): at least 2 words. */
export const isFullName = (s: string) => s.trim().split(/\s+/).filter(Boolean).length >= 2;

export const FULL_NAME: Rule = { test: isFullName, message: 'Укажите фамилию, имя и отчество (минимум 2 слова)' };

/** The digits of a phone typed with the +7(###)-###-##-## mask. */
export const phoneDigits = (s: string) => s.replace(/\D/g, '');

/** A masked phone is empty when nothing but the +7 prefix has been typed ("+7(___)-___-__-__"). */
export const phoneIsEmpty = (s: string) => phoneDigits(s).length <= 1;

/** A complete Russian mobile number: +7 and ten digits. */
export const isPhone = (s: string) => /^7\d{10}$/.test(phoneDigits(s));

/** What is sent: dashes and brackets stripped, "+7(925)-123-45-67" -> "+79251234567"; '' for an empty mask. */
export const phoneForServer = (s: string) => (phoneIsEmpty(s) ? '' : `+${phoneDigits(s)}`);

export const PHONE_MASK = '+{7}(000)-000-00-00';

/** A phone the order needs (the buyer's). */
export const PHONE: Rule = { test: isPhone, message: 'Укажите номер телефона полностью: +7(###)-###-##-##' };

/** A phone the form may leave empty (registration, the profile): empty, or complete. */
export const OPTIONAL_PHONE: Rule = { test: (s) => phoneIsEmpty(s) || isPhone(s), message: PHONE.message };

const PASSWORD_MIN = 8; // spec §9

interface PasswordHints {
  length: boolean;
  capital: boolean;
  digit: boolean;
}

/** The live checklist ('Минимум 8 символов', 'Минимум 1 заглавная буква', 'Минимум 1 цифра'): accepts Cyrillic capitals too. */
export const passwordHints = (p: string): PasswordHints => ({
  length: p.length >= PASSWORD_MIN,
  capital: /[A-ZА-ЯЁ]/.test(p),
  digit: /\d/.test(p),
});

/** The final password rule of every form and of the server: 8 characters, a Latin capital and a digit. */
export const isStrongPassword = (p: string) => p.length >= PASSWORD_MIN && /[A-Z]/.test(p) && /\d/.test(p);

export const PASSWORD: Rule = { test: isStrongPassword, message: 'Пароль: минимум 8 символов, 1 заглавная латинская буква и 1 цифра' };

export const PASSWORDS_DIFFER = 'Пароли не совпадают';

/** What an empty password field, or its empty repeat, is told. */
export const PASSWORD_NEEDED = 'Введите пароль';
export const REPEAT_NEEDED = 'Повторите пароль';

/** The password's repeat, when it differs from the password. */
export const repeatFailing = (one: string, two: string): string | undefined => (one === two ? undefined : PASSWORDS_DIFFER);

/** Finishing a registration: each name part is longer than 2 characters (spec §5). */
export const isNamePart = (s: string) => s.trim().length > 2;

export const FINISH_NAMES = {
  last_name: { test: isNamePart, message: 'Фамилия: больше 2 символов' },
  first_name: { test: isNamePart, message: 'Имя: больше 2 символов' },
  middle_name: { test: isNamePart, message: 'Отчество: больше 2 символов' },
} as const satisfies Record<string, Rule>;

const filled = (s: string) => s.trim().length > 0;

/** The profile's names: the surname and the first name are needed, the middle name may be empty. */
export const PROFILE_NAMES = {
  last_name: { test: filled, message: 'Укажите фамилию' },
  first_name: { test: filled, message: 'Укажите имя' },
} as const satisfies Record<string, Rule>;

/** The courier's address typed at checkout: a street, a house and a flat read at least this long. */
export const COURIER_ADDRESS: Rule = { test: (s) => s.trim().length >= 5, message: 'Укажите улицу, дом и квартиру' };

/** A saved address's parts: street and house needed, the postcode 6 digits when given. */
export const ADDRESS_PARTS = {
  street: { test: filled, message: 'Укажите улицу' },
  house: { test: filled, message: 'Укажите дом' },
  postcode: { test: (s) => !s.trim() || /^\d{6}$/.test(s.trim()), message: 'Индекс — 6 цифр' },
} as const satisfies Record<string, Rule>;

/** At most this many of one thing in one basket line (certificates have no stock to cap them). */
export const LINE_LIMIT = 99;

export const LINE_QUANTITY = {
  tooFew: 'Количество должно быть не меньше 1',
  tooMany: `Можно заказать не больше ${LINE_LIMIT} шт. одного товара`,
} as const;

/** «Добавить в корзину» with no size chosen: the product page says it, and so does the server to its form. */
export const NO_SIZE_CHOSEN = 'Выберите размер';

/** A basket line's quantity: a whole number from 1 to LINE_LIMIT (spec §4: below 1 no call is made). */
export const quantityFailing = (q: number): string | undefined =>
  !Number.isInteger(q) || q < 1 ? LINE_QUANTITY.tooFew : q > LINE_LIMIT ? LINE_QUANTITY.tooMany : undefined;

/** " demo-5000-0001 " -> "DEMO-5000-0001": spaces dropped, letters in capitals; '' when nothing is left. */
export function cleanCardCode(raw: string): string {
  return raw.replace(/\s+/g, '').toUpperCase();
}

export const CARD_CODE: Rule = { test: (s) => cleanCardCode(s).length > 0, message: 'Введите код карты' };
