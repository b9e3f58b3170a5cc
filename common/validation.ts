// Field rules of spec §5, shared by every form (and the server where it checks the same fields).
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export const isEmail = (s: string) => EMAIL_RE.test(s.trim());

/** Full name (surname, first name, patronymic): at least 2 words. */
export const isFullName = (s: string) => s.trim().split(/\s+/).filter(Boolean).length >= 2;

/** The digits of a phone typed with the +7(###)-###-##-## mask. */
export const phoneDigits = (s: string) => s.replace(/\D/g, '');

/** A masked phone is empty when nothing but the +7 prefix has been typed ("+7(___)-___-__-__"). */
export const phoneIsEmpty = (s: string) => phoneDigits(s).length <= 1;

/** A complete Russian mobile number: +7 and ten digits. */
export const isPhone = (s: string) => /^7\d{10}$/.test(phoneDigits(s));

/** What is sent: dashes and brackets stripped, "+7(925)-123-45-67" -> "+79251234567". */
export const phoneForServer = (s: string) => (phoneDigits(s) ? `+${phoneDigits(s)}` : '');

export const PHONE_MASK = '+{7}(000)-000-00-00';

/** E-mail as it is sent (spec §5: lowercased). */
export const normalizeEmail = (s: string) => s.trim().toLowerCase();

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

/** Finish registration: each name part is longer than 2 characters. */
export const isNamePart = (s: string) => s.trim().length > 2;

/** " demo-5000-0001 " -> "DEMO-5000-0001": spaces dropped, letters in capitals; '' when nothing is left. */
export function cleanCardCode(raw: string): string {
  return raw.replace(/\s+/g, '').toUpperCase();
}
