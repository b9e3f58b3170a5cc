// The one listener for the page being left (and shown again from the back-forward cache). Whether a load that
// failed was cut off by the shopper leaving the page: a load cut off so is no failure (the page is going):
// unlessLeaving() lets it never settle, so nothing reloads, retries or logs an error on the way out. Used by
// the chunk loads (components/chunk-reload.ts), the API's (api/client.ts, api/asks-module.ts) and the offline
// search's (worker/client.ts). The page's start is watched as a whole (watchForLeaving, main.tsx): a load
// that begins after a navigation away has begun is cut off at once, and only a listener already there saw
// that navigation begin. And what must stop while the page is hidden, and go on when it is shown again
// (whileHidden: the IndexedDB store).

/**
 * How long a load that failed after a navigation began waits for the page to go. A navigation that began
 * and then went nowhere (a download, an answer with no content) leaves the page where it was; its failed
 * load then counts as failed.
 */
export const LEAVING_WAIT_MS = 10_000;

const NEVER = new Promise<never>(() => undefined);

/**
 * The page being left. Firefox and WebKit cut off a page's loads the moment a navigation away begins (a
 * typed address, a notification's page), before the page is hidden: `beforeunload` is the first sign every
 * engine gives. It is listened to only while a load is under way or the page is starting (a page with loads
 * under way is not kept in Firefox's back-forward cache anyway): in Firefox a page with that listener never
 * enters that cache.
 */
let navigationBegan = false;
let hidden = false;
let loadsUnderWay = 0;
const onBeforeUnload = () => void (navigationBegan = true);
/** Outside a page (a test's Node) nothing is ever left. */
const inPage = typeof window !== 'undefined';
const onHide: (() => void)[] = [];
const onShow: (() => void)[] = [];
if (inPage) {
  addEventListener('pagehide', () => {
    hidden = true;
    for (const hide of onHide) hide();
  });
  addEventListener('pageshow', () => {
    hidden = false;
    navigationBegan = false;
    for (const show of onShow) show();
  });
}

/**
 * Runs `hide` each time the page is hidden to be left (unloaded, or kept in the back-forward cache) and `show`
 * each time it is shown (a page shown from that cache lives on: what was stopped goes on).
 */
export function whileHidden(hide: () => void, show: () => void): void {
  onHide.push(hide);
  onShow.push(show);
}

function loadStarted(): void {
  if (inPage && loadsUnderWay++ === 0) addEventListener('beforeunload', onBeforeUnload);
}

function loadEnded(): void {
  if (inPage && --loadsUnderWay === 0) removeEventListener('beforeunload', onBeforeUnload);
}

/**
 * Watches for the page being left until the returned function is called: main.tsx from the app's first line
 * until its start is over (app/start.ts). The start's loads follow one another (the app, its data, the frame's
 * later pieces, the background work), and a navigation that begins in a pause between two of them cuts the
 * next one off as it begins: with no load under way then, nothing would have listened (Firefox, measured:
 * the start's chunks taken for failures, and the page reloaded over the shopper's navigation).
 */
export function watchForLeaving(): () => void {
  loadStarted();
  let watching = true;
  return () => {
    if (watching) loadEnded();
    watching = false;
  };
}

/** Whether a load that just failed was cut off by the page being left: waits (LEAVING_WAIT_MS at most) for it to go. */
function cutOffByLeaving(): Promise<boolean> {
  if (hidden) return Promise.resolve(true);
  if (!navigationBegan) return Promise.resolve(false);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      removeEventListener('pagehide', gone);
      navigationBegan = false; // it went nowhere: the page stays
      resolve(false);
    }, LEAVING_WAIT_MS);
    function gone() {
      clearTimeout(timer);
      resolve(true);
    }
    addEventListener('pagehide', gone, { once: true });
  });
}

/** load()'s outcome, except a failure because the page is being left: that one never settles. */
export function unlessLeaving<T>(load: () => Promise<T>): Promise<T> {
  loadStarted();
  return load().then(
    (loaded) => {
      loadEnded();
      return loaded;
    },
    async (err: unknown) => {
      const leaving = cutOffByLeaving();
      loadEnded();
      if (await leaving) return NEVER; // the page is gone: nothing failed
      throw err;
    },
  );
}
