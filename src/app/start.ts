// What the page starts after its first paint, when the browser is idle (or within a second): none of it is
// on screen at first, so none of it may delay the paint or the hydration. Saved state is restored first
// (favourites, chosen sizes, city), then the network's and the shop's background work.
import { startAuth } from '../state/auth.ts';
import { startFavoritesSync } from '../state/favorites-sync.ts';
import { loadGiftCardData, watchGiftCardLine } from '../state/gift-card.ts';
import { startOutbox } from '../state/outbox.ts';
import { restorePersisted, startPersisting } from '../state/persist.ts';
import { registerServiceWorker } from '../state/sw-update.ts';
import { startThirdParty } from '../state/third-party.ts';
import { watchConnectivity } from '../state/ui.ts';
import { restoreWidgets } from '../state/widgets.ts';

/** Runs fn when the browser is idle, or after `timeout` ms at the latest (Safari has no idle callback). */
function whenIdle(fn: () => void, timeout = 1_000): void {
  if ('requestIdleCallback' in window) requestIdleCallback(fn, { timeout });
  else setTimeout(fn, 1);
}

export function startAfterPaint(): void {
  whenIdle(() => {
    watchConnectivity();
    restoreWidgets();
    void restorePersisted().then(() => {
      startPersisting();
      void startOutbox().then(watchGiftCardLine);
      startAuth();
      startFavoritesSync();
      void loadGiftCardData();
    });
    whenIdle(() => {
      void registerServiceWorker();
      startThirdParty();
    });
  });
}
