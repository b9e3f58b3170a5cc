// The service worker's Web Push: each push becomes a notification (the server's PushMessage; an empty or
// unreadable payload still shows a neutral one, since Chrome requires a visible notification for every push
// of a userVisibleOnly subscription), and a click on it focuses a tab already showing its page or opens a new
// one. A click never navigates an open tab away: a half-filled form there must not be lost.
import { is } from 'superstruct';
import { PushMessage } from '../common/contract/push.ts';

declare const self: ServiceWorkerGlobalScope;

const ICON = '/icons/icon-192.png';

/** What a notification shows and where a click on it leads (a path of the shop). */
export interface ShownPush {
  title: string;
  body: string;
  tag: string;
  url: string;
}

/** Shown for a push the worker cannot read: nothing specific, and a click opens the home page. */
export const NEUTRAL_PUSH: ShownPush = {
  title: 'Море и Мода',
  body: 'У нас есть новости для вас. Откройте приложение, чтобы посмотреть.',
  tag: 'shop',
  url: '/',
};

/** The notification for a push's payload text (null: a push without a body). */
export function shownPush(text: string | null): ShownPush {
  if (!text) return NEUTRAL_PUSH;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return NEUTRAL_PUSH;
  }
  if (!is(data, PushMessage) || !data.title.trim()) return NEUTRAL_PUSH;
  return { title: data.title, body: data.body, tag: data.tag || NEUTRAL_PUSH.tag, url: data.url };
}

/** Where a click leads: focus the window at this index, or open a new one at this URL. */
export type ClickTarget = { focus: number } | { open: string };

/** The click's page as an absolute URL of the shop; anything else (another origin, no URL) is the home page. */
export function clickUrl(url: unknown, origin: string): URL {
  const home = new URL('/', origin);
  if (typeof url !== 'string' || !url) return home;
  try {
    const target = new URL(url, origin);
    return target.origin === home.origin ? target : home;
  } catch {
    return home;
  }
}

/**
 * The decision of a click: a window already showing the page (the focused one first) is focused, else a new
 * window opens at it. The page is compared without its #fragment. Windows showing other pages are left as they are.
 */
export function clickTarget(url: unknown, origin: string, windows: readonly { url: string; focused?: boolean }[]): ClickTarget {
  const target = clickUrl(url, origin);
  const page = (u: URL) => `${u.origin}${u.pathname}${u.search}`;
  const showing = windows
    .map((w, i) => ({ i, focused: w.focused === true, url: w.url }))
    .filter((w) => {
      try {
        return page(new URL(w.url)) === page(target);
      } catch {
        return false;
      }
    });
  const chosen = showing.find((w) => w.focused) ?? showing[0];
  return chosen ? { focus: chosen.i } : { open: target.href };
}

async function openFromClick(data: unknown): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const target = clickTarget((data as { url?: unknown } | null)?.url, self.location.origin, windows);
  if ('focus' in target) {
    try {
      await windows[target.focus].focus();
      return;
    } catch {
      // the browser refused to focus it: a new window at the page instead
    }
  }
  await self.clients.openWindow('open' in target ? target.open : windows[target.focus].url);
}

export function registerPush(): void {
  self.addEventListener('push', (event) => {
    const shown = shownPush(event.data ? event.data.text() : null);
    event.waitUntil(
      self.registration.showNotification(shown.title, {
        body: shown.body,
        tag: shown.tag,
        data: { url: shown.url },
        icon: ICON,
        badge: ICON,
        lang: 'ru',
      }),
    );
  });
  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    event.waitUntil(openFromClick(event.notification.data));
  });
}
