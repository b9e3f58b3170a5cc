// The route table of spec §2, read from the page modules (common/page-list.ts) in their order: every route
// with the module that draws it. Pure data and functions (no React), so the server answers 404 for the
// same paths the app does. Named routes are built from this table only: href('brands-slug', { slug }).
import { PAGE_MODULES } from './page-list.ts';
import type { PageAt, PageModule, RouteDef } from './page-module.ts';
import { build, compile, match, type Compiled, type Params } from './route-match.ts';

export { ROOTS } from './catalog-basics.ts';
export { categoryPathOf } from './route-match.ts';
export type { RouteDef } from './page-module.ts';

export const ROUTES: readonly RouteDef[] = PAGE_MODULES.flatMap((m) => m.routes.map((r): RouteDef => ({ ...r, page: m.key })));

const COMPILED: readonly (RouteDef & { compiled: Compiled })[] = ROUTES.map((r) => ({ ...r, compiled: compile(r.pattern) }));
const BY_NAME = new Map(ROUTES.map((r) => [r.name, r]));
const MODULES = new Map(PAGE_MODULES.map((m) => [m.key, m]));

export interface RouteMatch {
  route: RouteDef;
  params: Params;
}

/** The first route that matches a path (no query, no trailing slash), or null: a 404. */
export function matchRoute(path: string): RouteMatch | null {
  for (const r of COMPILED) {
    const params = match(r.compiled, path, r.where);
    if (params) return { route: r, params };
  }
  return null;
}

/** A path and query as its page sees them, or null where no route matches. */
export function pageAt(path: string, search: string): PageAt | null {
  const found = matchRoute(path);
  return found ? { ...found, path, search: search.replace(/^\?/, '') } : null;
}

/** The module that draws a route. */
export const moduleOf = (route: RouteDef): PageModule => MODULES.get(route.page)!;

/** A named route's title (its name in the document title): "Новинки". */
export const routeTitle = (name: string): string => BY_NAME.get(name)?.title ?? '';

/** A named route's URL (spec §2 "named routes used in links"), with an optional query. */
export function href(name: string, params?: Params, query?: Record<string, string>): string {
  const route = BY_NAME.get(name);
  if (!route) throw new Error(`no route named "${name}"`);
  // encodeURIComponent, not URLSearchParams: the query keeps the order and the spelling it was given.
  const qs = query
    ? Object.entries(query)
        .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
        .join('&')
    : '';
  return build(route.pattern, params) + (qs ? `?${qs}` : '');
}
