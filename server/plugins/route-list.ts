// Keeps the method and URL of every route as it is registered (app.routeList): the server test of the
// endpoint table holds the API to common/endpoints.ts with it, and with LOG_LEVEL=debug the server lists
// its routes once it is ready. Installed first, so it sees every route.
import type { FastifyInstance } from 'fastify';

export interface RouteEntry {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeList: RouteEntry[];
  }
}

export function recordRoutes(app: FastifyInstance): void {
  const list: RouteEntry[] = [];
  app.decorate('routeList', list);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') list.push({ method, url: route.url });
  });
  app.addHook('onReady', async () => {
    app.log.debug({ routes: list.map((r) => `${r.method} ${r.url}`) }, 'routes');
  });
}
