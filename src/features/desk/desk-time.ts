// Moments as the desk shows them, in Moscow time whatever the manager's computer says (Intl): a list's short
// "26.11, 14:05", the exchange log's with seconds (1C's calls come seconds apart), an order's "26.11.2026, 14:05 (мск)".
const zone = { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' } as const;
const IN_LIST = new Intl.DateTimeFormat('ru-RU', zone);
const TO_SECOND = new Intl.DateTimeFormat('ru-RU', { ...zone, second: '2-digit' });
const ON_ORDER = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', dateStyle: 'short', timeStyle: 'short' });

export const inList = (iso: string) => IN_LIST.format(new Date(iso));
export const toSecond = (iso: string) => TO_SECOND.format(new Date(iso));
export const onOrder = (iso: string) => `${ON_ORDER.format(new Date(iso))} (мск)`;
