// Keeps the method and URL of every route as it is registered (app.routeList), with the endpoint table's
// entry it was registered from (endpoint-route.ts puts it in the route's config): the server test of the
// endpoint table holds the API to common/endpoints.ts with it, and with LOG_LEVEL=debug the server lists
// its routes once it is ready. Installed first, so it sees every route.
import type { FastifyInstance } from 'fastify';
import type { EndpointInfo } from '../../common/endpoints.ts';

export interface RouteEntry {
  method: string;
  url: string;
  /** The table's entry the route was registered from; none for a route outside the table (pages, files). */
  endpoint?: EndpointInfo;
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
    const endpoint = (route.config as { endpoint?: EndpointInfo } | undefined)?.endpoint;
    for (const method of [route.method].flat()) if (method !== 'HEAD') list.push({ method, url: route.url, endpoint });
  });
  app.addHook('onReady', async () => {
    app.log.debug({ routes: list.map((r) => `${r.method} ${r.url}`) }, 'routes');
  });
}
