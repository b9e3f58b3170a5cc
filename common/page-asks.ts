// Every answer a page shows, for a path: the frame's (every page, a 404 too), and where a route matches,
// the URL's SEO record and the page module's own asks. The server loads them before it renders
// (server/render/page-answers.ts), the app shell offline before its first render (src/app/shell-seeds.ts).
import type { Ask, PageAt } from './page-module.ts';
import { FRAME_ASKS, seoAsk } from './pages/frame.ts';
import { moduleOf } from './routes.ts';

/** The page's own asks, by their names in its module. */
export const ownAsks = (at: PageAt | null): Record<string, Ask | undefined> => (at ? (moduleOf(at.route).asks?.(at) ?? {}) : {});

export const pageAsks = (at: PageAt | null): Ask[] =>
  [...Object.values(FRAME_ASKS), ...(at ? [seoAsk(at.path)] : []), ...Object.values(ownAsks(at))].filter((a): a is Ask => a !== undefined);
