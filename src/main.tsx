// Boot: restore the persisted lkData slice before the first render, keep it saved, watch the network,
// register the service worker, start the basket outbox, render.
import './styles/global.css'; // first: feature stylesheets loaded after it may refine its rules
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { loadGiftCardData } from './state/gift-card.ts';
import { startOutbox } from './state/outbox.ts';
import { restorePersisted, startPersisting } from './state/persist.ts';
import { registerServiceWorker } from './state/sw-update.ts';
import { watchConnectivity } from './state/ui.ts';

await restorePersisted();
startPersisting();
watchConnectivity();
void registerServiceWorker();
void startOutbox();
void loadGiftCardData();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
