// Field rules of spec §5, shared by every form (and the server where it checks the same fields).
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export const isEmail = (s: string) => EMAIL_RE.test(s.trim());

/** Full name (surname, first name, patronymic): at least 2 words. */
export const isFullName = (s: string) => s.trim().split(/\s+/).filter(Boolean).length >= 2;

/** The digits of a phone typed with the +7(###)-###-##-## mask. */
export const phoneDigits = (s: string) => s.replace(/\D/g, '');

/** A complete Russian mobile number: +7 and ten digits. */
export const isPhone = (s: string) => /^7\d{10}$/.test(phoneDigits(s));

/** What is sent: dashes and brackets stripped, "+7(925)-123-45-67" -> "+79251234567". */
export const phoneForServer = (s: string) => (phoneDigits(s) ? `+${phoneDigits(s)}` : '');

export const PHONE_MASK = '+{7}(000)-000-00-00';
