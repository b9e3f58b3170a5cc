// Service worker entry: wires precaching of the shell (and the frame's data it needs), the runtime routes,
// the basket's Background Sync and the update handshake.
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { keepFrameData } from './frame-data.ts';
import { registerOutboxSync } from './outbox-sync.ts';
import { keepOpenPages } from './pages.ts';
import { registerPush } from './push.ts';
import { deleteOldCaches, registerRuntimeRoutes } from './routes.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// '/' is a page like any other (pages.ts), not the precached shell: no directory index.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '' });
cleanupOutdatedCaches();
registerRuntimeRoutes();
registerOutboxSync();
registerPush();

// The first install takes control at once; an update waits until the page asks (the update prompt).
clientsClaim();
self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});
// Installing keeps the frame's data and the pages open now (the landing page), so control starts with them kept.
self.addEventListener('install', (event) => event.waitUntil(Promise.all([keepFrameData(), keepOpenPages(event)])));
self.addEventListener('activate', (event) => event.waitUntil(deleteOldCaches()));
