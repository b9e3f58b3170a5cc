// Fetching ahead: a link marked `data-prefetch` (offer cards, the menus' links) has its page's chunk loaded and
// its page module's own asks answered into the page's memory (api/answer-memory.ts) before it is tapped: when
// it has stayed at least half in view for IN_VIEW_MS, or at once on touchstart, on keyboard focus or on a
// mouse resting on it for REST_MS. At most AT_ONCE pages at a time, each at most once a minute, same origin
// only, never a personal or a staff page, and never offline, with Save-Data on, or on 2G (the Network
// Information API, where the browser has it; Chromium reads DevTools' "slow 4G" as 3g, and fetches there).
// A load that fails for want of the network or the server pauses it all for PAUSE_AFTER_FAILURE_MS: a flaky
// network is spared calls nobody has asked for yet.
import { ownAsks } from '../../common/page-asks.ts';
import { pageAt } from '../../common/routes.ts';
import { answerAtHand, answerOnce } from '../api/answer-memory.ts';
import { ApiError } from '../api/api-error.ts';
import { loadAsk } from '../api/asks.ts';
import { preloadPage } from './pages.tsx';

const IN_VIEW_MS = 250;
const REST_MS = 80;
const AT_ONCE = 2;
const AGAIN_AFTER_MS = 60_000;
const PAUSE_AFTER_FAILURE_MS = 30_000;
const LINKS = 'a[data-prefetch]';

/** What the Network Information API says, where the browser has it (Chromium; not Firefox or Safari). */
interface Connection {
  saveData?: boolean;
  effectiveType?: string;
}

/** Until when fetching ahead rests after a load failed for want of the network or the server. */
let pausedUntil = 0;

/** Whether fetching ahead is welcome now. */
function welcome(): boolean {
  if (!navigator.onLine || Date.now() < pausedUntil) return false;
  const connection = (navigator as Navigator & { connection?: Connection }).connection;
  if (connection?.saveData) return false;
  return connection?.effectiveType !== '2g' && connection?.effectiveType !== 'slow-2g';
}

/** When each path was last fetched ahead. */
const fetchedAt = new Map<string, number>();
const waiting: URL[] = [];
let running = 0;

/** The page at a link's address, fetched ahead when it may be. */
function fetchAhead(link: HTMLAnchorElement): void {
  if (!welcome()) return;
  const url = new URL(link.href, location.href);
  if (url.origin !== location.origin || url.pathname === location.pathname) return;
  const last = fetchedAt.get(url.pathname);
  if (last !== undefined && Date.now() - last < AGAIN_AFTER_MS) return;
  const at = pageAt(url.pathname, url.search);
  if (!at || at.route.personal || at.route.staff) return;
  fetchedAt.set(url.pathname, Date.now());
  waiting.push(url);
  next();
}

function next(): void {
  while (running < AT_ONCE && waiting.length > 0) {
    const url = waiting.shift()!;
    running += 1;
    void fetchPage(url).finally(() => {
      running -= 1;
      next();
    });
  }
}

/** Pauses fetching ahead, and drops what was waiting, after a load failed for want of the network or the server. */
function pause(): void {
  pausedUntil = Date.now() + PAUSE_AFTER_FAILURE_MS;
  waiting.length = 0;
}

/**
 * The page's chunk and its own asks. A failure costs the shopper nothing (the tap asks again, and says so if it
 * must); one for want of the network or the server (a chunk not loaded, an ask unanswered or a 5xx) pauses
 * fetching ahead, a refusal (a product gone: 404) does not.
 */
async function fetchPage(url: URL): Promise<void> {
  const asks = Object.values(ownAsks(pageAt(url.pathname, url.search))).filter((a) => a !== undefined);
  const failed = (err: unknown) => {
    if (!(err instanceof ApiError) || err.isNetwork) pause();
  };
  await Promise.all([
    preloadPage(url.pathname).catch(failed),
    ...asks.map((a) => (answerAtHand(a.key) ? undefined : answerOnce(a.key, () => loadAsk(a), false).catch(failed))),
  ]);
}

const linkOf = (target: EventTarget | null): HTMLAnchorElement | null =>
  target instanceof Element ? target.closest<HTMLAnchorElement>(LINKS) : null;

/** Links waiting to count as seen (in view) or as rested on (a mouse), and their timers. */
type Timers = Map<HTMLAnchorElement, ReturnType<typeof setTimeout>>;
const inView: Timers = new Map();
const resting: Timers = new Map();
function after(timers: Timers, link: HTMLAnchorElement, ms: number): void {
  if (timers.has(link)) return;
  const timer = setTimeout(() => {
    timers.delete(link);
    fetchAhead(link);
  }, ms);
  timers.set(link, timer);
}
function cancel(timers: Timers, link: HTMLAnchorElement): void {
  clearTimeout(timers.get(link));
  timers.delete(link);
}

/** The marked links of a node added to the page or taken off it: itself, and those inside it. */
function linksIn(node: Node): HTMLAnchorElement[] {
  if (!(node instanceof Element)) return [];
  const inside = [...node.querySelectorAll<HTMLAnchorElement>(LINKS)];
  return node.matches(LINKS) ? [node as HTMLAnchorElement, ...inside] : inside;
}

/** Starts watching the page's marked links, those there now and those drawn later. */
export function startPrefetch(): void {
  const seen = new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        const link = e.target as HTMLAnchorElement;
        if (e.isIntersecting) after(inView, link, IN_VIEW_MS);
        else cancel(inView, link);
      }
    },
    { threshold: 0.5 },
  );
  linksIn(document.body).forEach((link) => seen.observe(link));
  new MutationObserver((changes) => {
    for (const change of changes) {
      change.addedNodes.forEach((node) => linksIn(node).forEach((link) => seen.observe(link)));
      change.removedNodes.forEach((node) =>
        linksIn(node).forEach((link) => {
          seen.unobserve(link);
          cancel(inView, link);
        }),
      );
    }
  }).observe(document.body, { childList: true, subtree: true });
  const now = (e: Event) => {
    const link = linkOf(e.target);
    if (link) fetchAhead(link);
  };
  document.addEventListener('touchstart', now, { passive: true, capture: true });
  document.addEventListener('focusin', now);
  document.addEventListener('mouseover', (e) => {
    const link = linkOf(e.target);
    if (link) after(resting, link, REST_MS);
  });
  document.addEventListener('mouseout', (e) => {
    const link = linkOf(e.target);
    if (link && !link.contains(e.relatedTarget as Node | null)) cancel(resting, link);
  });
}
