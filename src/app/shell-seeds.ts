// The app shell's start: a page opened offline that was never visited comes without the server's data, so the
// page's asks (the very ones the server would load, common/page-asks.ts) run in the browser before the first
// render, answered by the service worker's caches. The page then renders once with its data instead of
// loading it after it mounts. Bounded: what has not answered within SHELL_WAIT_MS (a server that is slow
// rather than gone) loads as usual after the render; a failed ask is left to the page, which says so.
import { pageAsks } from '../../common/page-asks.ts';
import { pageAt } from '../../common/routes.ts';
import { loadAsk } from '../api/asks.ts';
import type { Seeds } from '../state/seeds.ts';
import { preloadPage } from './pages.tsx';

const SHELL_WAIT_MS = 1_000;

/**
 * Before the shell's first render: the page's data and its chunk, side by side. With its chunk here the page
 * renders at once, never as a placeholder first (React would hold the page back 300 ms behind one).
 */
export async function shellStart(path: string, search: string): Promise<Seeds> {
  const [seeds] = await Promise.all([shellSeeds(path, search), preloadPage(path).catch(() => undefined)]);
  return seeds;
}

async function shellSeeds(path: string, search: string): Promise<Seeds> {
  const answered: Seeds = {};
  const all = Promise.all(
    pageAsks(pageAt(path, search)).map((a) =>
      loadAsk(a).then(
        (data) => {
          answered[a.key] = { data };
        },
        () => undefined,
      ),
    ),
  );
  await Promise.race([all, new Promise((r) => setTimeout(r, SHELL_WAIT_MS))]);
  // A copy: an answer arriving later must not change the seeds the page has started rendering with.
  return { ...answered };
}
