// The page's one script. The server's HTML is the page (rendered with its data, styled inline), and its head
// already asks for the app's chunks, at a low priority (below the page's pictures: its largest paint is a
// picture). This runs them right after the page's first paint, so the app hydrates as soon as its code is
// here, never waiting for the pictures (the page's `load` event does: on a slow phone with photographs, that
// used to leave every button dead for seconds). What the shopper taps meanwhile is kept and made again once
// the app has hydrated (common/early-input-script.ts).

/**
 * Whether a navigation away has begun (`beforeunload`) since this script ran: the app's load, cut off by it,
 * is then no failure. Told here, from the page's first script: lib/page-leaving.ts does the same for the
 * app's own loads, but it is part of the app (this file imports nothing: see below), and the app's chunks
 * are the first loads a shopper who leaves at once cuts off (Firefox, measured: an error of the page each
 * time). Listened to until the app has loaded: a page with loads under way is not kept in Firefox's
 * back-forward cache anyway, and one with this listener never is.
 */
let leaving = false;
const onLeaving = () => void (leaving = true);
addEventListener('beforeunload', onLeaving);
/** How long a page whose navigation away went nowhere (a download) waits to start the app again. */
const LEFT_IN_PLACE_MS = 10_000;

const start = (): void =>
  void import('./main.tsx').then(
    () => removeEventListener('beforeunload', onLeaving),
    (err: unknown) => {
      if (!leaving) {
        removeEventListener('beforeunload', onLeaving);
        console.error('[start] the app could not load', err);
        return;
      }
      // Cut off by a navigation away: the page is going, and the timer goes with it. One that went nowhere
      // left the page here, without its app: it starts again.
      leaving = false;
      setTimeout(start, LEFT_IN_PLACE_MS);
    },
  );

// The bare app shell (a page never visited, opened offline) has nothing of the server's to show first: the
// app starts at once. A page the server rendered starts after its first paint (the frame after this one).
// The data block's id (common/page-data.ts's PAGE_DATA_ID) as text: an import of that module would put the
// app's first chunk, and React with it, ahead of the page's first paint.
if (!document.getElementById('shop-data')) start();
else requestAnimationFrame(() => setTimeout(start, 0));

export {}; // a module (index.html loads it as one), as its test imports it
