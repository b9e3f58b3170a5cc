// Boot: restore the persisted lkData slice before the first render, keep it saved, watch the network,
// register the service worker, start the basket outbox (then watch the gift card's line), load the signed-in user, render.
import './styles/global.css'; // first: feature stylesheets loaded after it may refine its rules
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { startAuth } from './state/auth.ts';
import { startFavoritesSync } from './state/favorites-sync.ts';
import { loadGiftCardData, watchGiftCardLine } from './state/gift-card.ts';
import { startOutbox } from './state/outbox.ts';
import { restorePersisted, startPersisting } from './state/persist.ts';
import { registerServiceWorker } from './state/sw-update.ts';
import { watchConnectivity } from './state/ui.ts';
import { startThirdParty } from './state/third-party.ts';
import { restoreWidgets } from './state/widgets.ts';

await restorePersisted();
restoreWidgets();
startPersisting();
watchConnectivity();
void registerServiceWorker();
void startOutbox().then(watchGiftCardLine);
startAuth();
startFavoritesSync();
void loadGiftCardData();
startThirdParty();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
