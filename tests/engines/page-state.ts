// What the walk prints of the page when a step waited in vain: the header and the page's text, and where the
// page stood (its address, whether the app had started and the worker controlled it, whether the browser
// thought itself online, what the page's early script still held (common/early-input-script.ts), whether the
// shop's IndexedDB store answered and what its basket queue held, the size chosen and what the page said, and
// the Web Locks held and asked for: the basket's senders share one). So a failure says whether a tap went to
// the app, to the early record or nowhere, and whether the basket waited on storage or on another holder.
import { EARLY_INPUT_GLOBAL } from '../../common/early-input-script.ts';
import { IDB } from '../../common/storage-keys.ts';
import type { BrowserDriver } from './driver.ts';

/** Runs in the page: where it stood, in one line. */
async function standing(global: string, idb: typeof IDB): Promise<string> {
  const locks = await navigator.locks?.query().catch(() => null);
  const named = (list: LockInfo[] | undefined) => (list ?? []).map((l) => `${l.name} (${l.clientId ?? '?'})`).join(', ') || 'none';
  // The shop's IndexedDB store (common/browser/idb-store.ts), read as the basket reads it: does it answer?
  const stored = await Promise.race([
    new Promise<string>((resolve) => {
      const open = indexedDB.open(idb.database);
      open.onerror = () => resolve(`IndexedDB refused: ${String(open.error)}`);
      open.onblocked = () => resolve('IndexedDB blocked');
      open.onsuccess = () => {
        const read = open.result.transaction(idb.store, 'readonly').objectStore(idb.store).get(idb.outbox);
        read.onsuccess = () => resolve(`IndexedDB answers: ${(read.result as unknown[] | undefined)?.length ?? 0} queued`);
        read.onerror = () => resolve(`IndexedDB read failed: ${String(read.error)}`);
      };
    }),
    new Promise<string>((resolve) => setTimeout(() => resolve('IndexedDB gave no answer in 5 s'), 5_000)),
  ]);
  const early = (window as unknown as Record<string, { events: { kind: string; target: Element }[]; done: boolean } | undefined>)[global];
  const kept = early?.events.map((e) => `${e.kind} ${e.target.tagName.toLowerCase()}`).join(', ') ?? '';
  const texts = (css: string) => [...document.querySelectorAll(css)].map((e) => e.textContent).join(' / ') || 'nothing';
  return [
    location.pathname,
    `readyState ${document.readyState}`,
    document.documentElement.hasAttribute('data-ready') ? 'app ready' : 'app not ready',
    navigator.serviceWorker?.controller ? "the worker's" : 'no worker',
    navigator.onLine ? 'online' : 'offline by the browser',
    `early record ${early ? (early.done ? 'replayed' : 'waiting') : 'absent'}${kept ? ` [${kept}]` : ''}`,
    stored,
    `chosen: ${[...document.querySelectorAll<HTMLInputElement>('main input:checked')].map((i) => i.value).join(', ') || 'nothing'}`,
    `said: ${texts('main [role="alert"], main [role="status"]')}`,
    locks ? `locks held: ${named(locks.held)}; asked for: ${named(locks.pending)}` : 'no Web Locks',
  ].join('; ');
}

/** The page as the walk found it after a failed step, three indented lines; '?' for what could not be read. */
export async function whereThePageStood(d: BrowserDriver): Promise<string> {
  const header = await d.run<string, []>(() => document.querySelector('header .header__tools')?.textContent ?? '').catch(() => '?');
  const main = await d
    .run<string, []>(() => (document.querySelector('main')?.textContent ?? '').replace(/\s+/g, ' ').slice(0, 400))
    .catch(() => '?');
  const stood = await d.run<string, [string, typeof IDB]>(standing, EARLY_INPUT_GLOBAL, IDB).catch(() => '?');
  return `    the header showed: ${header}\n    the page stood: ${stood}\n    the page showed: ${main}`;
}
