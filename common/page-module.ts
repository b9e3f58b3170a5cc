// What a page module declares (common/pages/*.ts): the routes it answers, its title and crumb, whether it is
// one shopper's, the component that draws it, the API answers it shows (asks: endpoint-table calls, pure
// data, loaded by the server before it renders and by the app shell offline) and its head as a function of
// those answers (title, description, picture, canonical address, or null: the shop has no such thing, a 404).
// Pure and React-free, so the server, the service worker and the page all read the same declarations.
import type { Params } from './route-match.ts';
import type { CallInput, Endpoint, ENDPOINTS } from './endpoints.ts';

type Endpoints = typeof ENDPOINTS;

/** An entry of the endpoint table, by its name there (only a public GET answers a page: the server refuses the rest). */
export type EndpointName = keyof Endpoints;

type AnswerOf<N extends EndpointName> = Endpoints[N] extends Endpoint<infer A, infer _B, infer _Q, infer _P> ? A : never;
type InputOf<N extends EndpointName> =
  Endpoints[N] extends Endpoint<infer _A, infer B, infer Q, infer P> ? Omit<CallInput<B, Q, P>, 'body'> : never;

/**
 * One answer a page shows: a call of the endpoint table, named by what it asks, never by who asks. `A` is
 * the answer's type (carried for the reader, never set).
 */
export interface Ask<A = unknown> {
  /** The seed key its answer is kept under, made of the call itself, so two sides can never name it apart. */
  key: string;
  endpoint: EndpointName;
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  readonly answer?: A;
}

/** The ask of one endpoint-table call: `ask('brand', { params: { slug } })`. */
export function ask<N extends EndpointName>(
  endpoint: N,
  ...[input]: Partial<InputOf<N>> extends InputOf<N> ? [InputOf<N>?] : [InputOf<N>]
): Ask<AnswerOf<N>> {
  const { params, query } = (input ?? {}) as { params?: Record<string, string>; query?: Record<string, unknown> };
  const definedQuery = query && Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined));
  return {
    key: `${endpoint} ${JSON.stringify(params ?? {})} ${JSON.stringify(definedQuery ?? {})}`,
    endpoint,
    params,
    query: definedQuery,
  };
}

export interface RouteDef {
  /** The route's name, for links: href('brands-slug', { slug }). */
  name: string;
  pattern: string;
  /** The page module that draws it (set from the module that declares the route). */
  page: string;
  /** The route's own name in the document title, in Russian; the URL's SEO record and the page's head win. */
  title?: string;
  /** The last breadcrumb's label; category crumbs come from the preview categories. */
  crumb?: string;
  where?: Record<string, RegExp>;
  /**
   * Rendered for its shopper (their basket): the server never keeps it for others, and the service worker
   * never keeps it at all (it is sent `no-store`); every other page is the same for everybody.
   */
  personal?: true;
  /**
   * The shop's staff's alone (the manager's desk): personal, and the server answers it 401 to nobody signed in,
   * 403 to anyone without an open desk (the page then shows the step of the desk's gate they are at).
   */
  staff?: true;
}

/** A path as a page sees it: the route it matched, the route's parameters, and the query. */
export interface PageAt {
  route: RouteDef;
  params: Params;
  path: string;
  search: string;
}

/** What a page says of itself in the document head, from its answers (the title table's title otherwise). */
export interface OwnHead {
  /** The whole title: "Бикини — Море и Мода". */
  title?: string;
  description?: string;
  /** The page's one address, when it has several (a product under another category). */
  canonicalPath?: string;
  image?: string;
  type?: 'website' | 'product' | 'article';
}

/** The answers of a set of asks, each undefined when it did not come. */
export type AnswersOf<T extends Record<string, Ask | undefined>> = {
  [K in keyof T]: NonNullable<T[K]> extends Ask<infer A> ? A | undefined : never;
};

export interface PageModule<T extends Record<string, Ask | undefined> = Record<string, Ask | undefined>> {
  /** The module's key: what a route's `page` names. */
  key: string;
  /** The component's file under src/features/ ("catalog/ListingPage.tsx"); null draws the error page (404). */
  component: string | null;
  routes: Omit<RouteDef, 'page'>[];
  /** The answers the page shows at this address; none for a page of one shopper (they are never in the HTML). */
  asks?: (at: PageAt) => T;
  /**
   * Its head from those answers; null when the address names nothing the shop has (a 404). Called only when
   * every ask answered or was refused as not found, so a failing database never turns a page into a 404.
   */
  head?: (at: PageAt, answers: AnswersOf<T>) => OwnHead | null;
}

/** A page module, its asks and head typed together. */
export const definePage = <T extends Record<string, Ask | undefined>>(module: PageModule<T>): PageModule<T> => module;

/** A page that asks nothing of the API and names itself by its route's title: one route, its crumb the same. */
export const staticPage = (key: string, component: string, route: Omit<RouteDef, 'page' | 'crumb'> & { crumb?: string }): PageModule =>
  definePage({ key, component, routes: [{ crumb: route.title, ...route }] });
