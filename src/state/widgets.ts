// Store of the frame's widgets (spec §2, §4, §9), which alone uses their localStorage keys (cookieAccepted,
// telegramPopupClosed, pageViews; stored through web-storage.ts): the cookie notice, the channel popup after 5 page
// views unless closed before, the scroll-to-top arrow's condition, the chat widget's product message and
// which widget popup (error report, help, channel) is open.
//
// "The default of the acceptance flag is true" (spec §4), read here as: without the server's word (below),
// `cookieAccepted` starts true, so nothing is shown until storage has been read, and a browser whose storage cannot be read is not nagged
// with a notice that could never be dismissed for good. A first visit with working storage has no stored
// value, so the flag becomes false and the notice shows until Accept. Analytics, which needs consent, never
// relies on the default: it waits for `consented`, true only after an Accept that was stored or given now.
//
// The acceptance is also a cookie, which the server reads to put the notice into the page's HTML for a
// visitor who has not accepted (COOKIE_NOTICE_SEED): the page starts from what the server rendered, then
// storage decides (either record of an Accept counts, and the other is brought in line).
import { proxy, useSnapshot } from 'valtio';
import { COOKIE_ACCEPTED_COOKIE, STORAGE_KEYS } from '../../common/storage-keys.ts';
import { readCookie, writeCookie } from '../lib/cookies.ts';
import { popups } from './popups.ts';
import { COOKIE_NOTICE_SEED, onServer, seedData, useSeeds, type Seeds } from './seeds.ts';
import { readStored, writeStored, type StorageKey } from './web-storage.ts';

const CHANNEL_POPUP_VIEWS = 5; // spec §9

export type WidgetPopup = 'error-report' | 'help' | 'channel';

export const widgets = proxy({
  cookieAccepted: true,
  /** True only after an explicit Accept (now or stored): what analytics waits for. */
  consented: false,
  pageViews: 0,
  telegramPopupClosed: false,
  open: null as WidgetPopup | null,
  /** The product page's chat message (spec §3 page meta whatsappMessage), tagged with its path. */
  chat: { path: '', message: '' },
});

export const useWidgets = () => useSnapshot(widgets);

const noticeSeeded = (seeds: Seeds): boolean | undefined => seedData(seeds, COOKIE_NOTICE_SEED, 'boolean');

/** Before hydrating: the notice shows as the server rendered it, until storage has been read. */
export function seedWidgets(seeds: Seeds): void {
  const shown = noticeSeeded(seeds);
  if (shown !== undefined) widgets.cookieAccepted = !shown;
}

/** Whether the cookie notice shows: on the server as the request's cookie says, in the page as the store does. */
export function useCookieNoticeShown(): boolean {
  const seeds = useSeeds();
  const { cookieAccepted } = useWidgets();
  return onServer() ? noticeSeeded(seeds) === true : !cookieAccepted;
}

const read = (key: StorageKey): string | null => readStored('local', key) ?? null;
const write = (key: StorageKey, value: string): boolean => writeStored('local', key, value);

let restored = false;

/**
 * Reads the stored flags: after the first paint (the server's page shows none of them), or at the first
 * page view if that comes first, so a view is never counted from zero over a stored count.
 */
export function restoreWidgets(): void {
  restored = true;
  const stored = readStored('local', STORAGE_KEYS.cookieAccepted);
  const inCookie = readCookie(COOKIE_ACCEPTED_COOKIE) === 'true';
  const accepted = stored === 'true' || inCookie;
  // Unreadable storage (undefined): the default stands (see the top of this file).
  widgets.cookieAccepted = stored === undefined ? true : accepted;
  widgets.consented = accepted;
  if (accepted && stored !== 'true') write(STORAGE_KEYS.cookieAccepted, 'true');
  if (accepted && !inCookie) writeCookie(COOKIE_ACCEPTED_COOKIE, 'true');
  const views = Number(read(STORAGE_KEYS.pageViews));
  widgets.pageViews = Number.isInteger(views) && views > 0 ? views : 0;
  widgets.telegramPopupClosed = read(STORAGE_KEYS.telegramPopupClosed) === 'true';
}

export function acceptCookies(): void {
  widgets.cookieAccepted = true;
  widgets.consented = true;
  write(STORAGE_KEYS.cookieAccepted, 'true');
  writeCookie(COOKIE_ACCEPTED_COOKIE, 'true');
}

/** Pages where the channel popup would stand in the way of buying: it waits for the next other page. */
const BUYING = /^\/(basket|reset)(\/|$)/;

/**
 * One more page view (a new path); the channel popup opens once the count reaches 5, unless it was closed
 * before — but never over the basket and checkout, a password reset, or another popup.
 */
export function countPageView(path: string): void {
  if (!restored) restoreWidgets();
  widgets.pageViews += 1;
  write(STORAGE_KEYS.pageViews, String(widgets.pageViews));
  const inTheWay = BUYING.test(path) || popups.open !== null || widgets.open !== null;
  if (widgets.pageViews >= CHANNEL_POPUP_VIEWS && !widgets.telegramPopupClosed && !inTheWay) widgets.open = 'channel';
}

export function openWidgetPopup(name: WidgetPopup): void {
  widgets.open = name;
}

export function closeWidgetPopup(): void {
  if (widgets.open === 'channel') {
    widgets.telegramPopupClosed = true;
    write(STORAGE_KEYS.telegramPopupClosed, 'true');
  }
  widgets.open = null;
}

/** A product page offers its link to the chat ("send the product link"). */
export function setChatMessage(path: string, message: string): void {
  widgets.chat = { path, message };
}
