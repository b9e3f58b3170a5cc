// The page's background work, started once after the first paint (app/start.ts): saved state is restored
// first (favourites, chosen sizes, city), then the network's and the shop's background work (the basket, and
// the app badge that counts it; the favourites this device's notifications watch), and when the browser is
// idle again the service worker, third-party scripts and the fetching ahead of the pages its links lead to.
import { startAppBadge } from '../state/app-badge.ts';
import { startFavoritesSync } from '../state/favorites-sync.ts';
import { loadGiftCardData, watchGiftCardLine } from '../state/gift-card.ts';
import { startPrefetch } from './prefetch.ts';
import { startOutbox } from '../state/outbox.ts';
import { restorePersisted, startPersisting } from '../state/persist.ts';
import { startPushSync } from '../state/push-sync.ts';
import { startAuth } from '../state/session.ts';
import { registerServiceWorker } from '../state/sw-update.ts';
import { startThirdParty } from '../state/third-party.ts';
import { watchConnectivity } from '../state/ui.ts';
import { restoreWidgets } from '../state/widgets.ts';
import { whenIdle } from './start.ts';

export function start(): void {
  watchConnectivity();
  restoreWidgets();
  void restorePersisted().then(() => {
    startPersisting();
    void startOutbox().then(() => {
      watchGiftCardLine();
      startAppBadge();
    });
    startAuth();
    startFavoritesSync();
    startPushSync();
    void loadGiftCardData();
  });
  whenIdle(() => {
    void registerServiceWorker();
    startThirdParty();
    startPrefetch();
  });
}
