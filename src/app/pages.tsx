// The component of each page module (common/page-list.ts): a page in a chunk of its own each (loaded on
// first use, or ahead with preloadPage), found by the file its module names under src/features/; a module
// that names none draws the spec's error page (/404). Each page also names its source file, by which the
// server finds the page's chunk in the build's manifest and preloads it.
import type { ComponentType } from 'react';
import { ErrorPage } from '../components/ErrorPage.tsx';
import { PAGE_MODULES } from '../../common/page-list.ts';
import { matchRoute, type RouteDef } from '../../common/routes.ts';
import { lazyPage, type LazyPage } from '../components/lazy-page.ts';

type PageModule = { default: ComponentType };
const SOURCES = import.meta.glob<PageModule>('../features/*/*Page.tsx');

interface Page extends LazyPage<object> {
  /** The page's source as the build's manifest names it: "src/features/catalog/ListingPage.tsx". */
  src: string;
}

const NotFound: ComponentType = () => <ErrorPage statusCode={404} />;

/** The lazy component of features/<file> ("catalog/ListingPage.tsx"), one per file. */
const loaded = new Map<string, Page>();
function page(file: string): Page {
  let p = loaded.get(file);
  if (!p) {
    const load = SOURCES[`../features/${file}`];
    if (!load) throw new Error(`no page component features/${file}`);
    loaded.set(file, (p = Object.assign(lazyPage(load), { src: `src/features/${file}` })));
  }
  return p;
}

/** The component of each page module, by the module's key (what a route's `page` names). */
export const PAGES: Readonly<Record<string, Page | ComponentType>> = Object.fromEntries(
  PAGE_MODULES.map((m) => [m.key, m.component ? page(m.component) : NotFound]),
);

/** False for a route that shows the error page (/404): the document title says 'Ошибка' there. */
export const isBuilt = (route: RouteDef): boolean => PAGES[route.page] !== NotFound;

const pageAt = (path: string): Page | null => {
  const found = matchRoute(path);
  const p = found ? PAGES[found.route.page] : null;
  return p && 'preload' in p ? p : null;
};

/** Loads the chunk of the page at this path, so it renders at once (the server's rendering, hydration). */
export const preloadPage = (path: string): Promise<void> => pageAt(path)?.preload() ?? Promise.resolve();

/** The source file of the page at this path, when it has a chunk of its own. */
export const pageSource = (path: string): string | null => pageAt(path)?.src ?? null;
