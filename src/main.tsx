// The app's entry (src/boot.ts loads it after the page's load event): hydrate the server's HTML with the data
// it was rendered with (or render in the browser when there is none, or it came from another build), then,
// once the browser is idle (or at the shopper's first change of saved state: app/start.ts), start what the
// first paint does not need: saved state, the service worker, the basket outbox, the signed-in user,
// favourites and gift-card sync, widgets and third-party scripts. The offer cards it was rendered with go to
// the offline search.
import './styles/global.css'; // first: feature stylesheets loaded after it may refine its rules
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { preloadPage } from './app/pages.tsx';
import { preloadUrlPopup } from './features/popups/PopupHost.tsx';
import { readServerRendering } from './app/server-rendering.ts';
import { startAfterPaint } from './app/start.ts';
import { replayEarlyInput } from './app/early-input.ts';
import { whenHydrated } from './app/Part.tsx';
import { startLaterPieces } from './app/Later.tsx';
import { seedBasket } from './state/basket.ts';
import { seedCatalog } from './state/catalog.ts';
import { SeedsContext, seededAnswers } from './state/seeds.ts';
import { seedHead } from './state/head.ts';
import { seedWidgets } from './state/widgets.ts';
import { rememberOffers } from './worker/remember-queue.ts';
import { holdStorageWhileHidden } from './state/storage-while-hidden.ts';
import { watchForLeaving } from './lib/page-leaving.ts';

// A page kept in the back-forward cache holds no IndexedDB transaction the next page would wait behind.
holdStorageWhileHidden();
// From here until the start is over, a load cut off by the shopper leaving the page is told from a failure.
const startWatched = watchForLeaving();

const root = document.getElementById('root')!;
const rendered = readServerRendering(document, import.meta.env.VITE_BUILD_ID ?? 'dev');
// Without the server's data (the app shell of a page never visited, opened offline), the page's data and chunk
// come first (app/shell-seeds.ts).
const seeds = rendered.hydrate
  ? rendered.seeds
  : await (await import('./app/shell-seeds.ts')).shellStart(location.pathname, location.search);
rememberOffers(seededAnswers(rendered.seeds)); // before the stores take the seeds in
seedCatalog(seeds);
seedBasket(seeds);
seedWidgets(seeds);
seedHead(seeds, location.pathname);
const app = (
  <StrictMode>
    <SeedsContext.Provider value={seeds}>
      <App />
    </SeedsContext.Provider>
  </StrictMode>
);
if (rendered.hydrate) {
  // The page's chunk (boot.ts preloads it from the page's meta), and a popup's the server rendered from the URL,
  // before hydrating: they then hydrate in place at once.
  await Promise.all([preloadPage(location.pathname), preloadUrlPopup(location.pathname, location.search)]).catch(() => undefined);
  // A part of the page whose HTML did not match is rendered anew by React; the log names where, so a mismatch
  // one engine alone makes (the cross-engine walk reads these) can be found.
  hydrateRoot(root, app, {
    onRecoverableError: (err, info) => console.error('[hydrate] the server HTML was rendered anew', err, info.componentStack),
  });
  // The frame's later pieces come while the page hydrates (the app shell's page comes first: they wait for it).
  startLaterPieces();
} else {
  root.replaceChildren();
  createRoot(root).render(app);
}
// What the shopper tapped and typed before now is made again once the whole page answers.
void whenHydrated().then(replayEarlyInput);
void startAfterPaint().finally(startWatched);
