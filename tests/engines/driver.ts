// What the cross-engine walk (walk.ts) asks of a browser, whichever drives it: Firefox over WebDriver BiDi
// (firefox.ts) or WebKitGTK over classic WebDriver (webkit.ts). A few primitives each engine implements
// natively (navigate, a real click, typing, a script in the page, the script errors it logged), and the
// waiting and finding built once on top of them here, in the page's own terms (CSS and visible text).

export type Engine = 'firefox' | 'webkit';

/** A script run in the page: its body, with the arguments as `args` (a plain function's text works in both). */
export type PageScript<A extends unknown[]> = (...args: A) => unknown;

export interface BrowserDriver {
  readonly engine: Engine;
  /** Opens an address of the shop and returns once its load event has fired. */
  open(url: string): Promise<void>;
  /** A script in the page, its result (plain data). */
  run<T, A extends unknown[]>(script: PageScript<A>, ...args: A): Promise<T>;
  /** A real click (the engine's own input) on the first element the CSS selector finds. */
  click(css: string): Promise<void>;
  /** Types into the field the CSS selector finds, after clearing it. */
  type(css: string, text: string): Promise<void>;
  /** Presses Enter in the focused field. */
  pressEnter(css: string): Promise<void>;
  /** The script errors and console errors the pages logged so far (this engine's own record of them). */
  errors(): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * A page script as the text of one expression, its arguments inlined as JSON, for the engines to evaluate.
 * This suite runs under tsx, whose compiler wraps named functions in `__name(...)` to keep their names; the
 * page has no such helper, so the expression brings one that does nothing.
 */
export function scriptExpression<A extends unknown[]>(script: PageScript<A>, args: A): string {
  return `((__name) => (${script.toString()}))((f) => f)(...${JSON.stringify(args)})`;
}

/**
 * How long the walk waits for what a shopper would see before it calls a step failed. A limit for a walk that
 * is stuck, not a timing: WebKitGTK, drawing in a virtual display while CI runs the other suites beside it on
 * two cores, has taken 12.6 s for its service worker to take control and 38 s for the whole first step.
 */
const WAIT_MS = 45_000;

/** Polls a condition in the page until it holds; throws with `what` and the page's address when it never does. */
export async function waitUntil<A extends unknown[]>(d: BrowserDriver, what: string, check: PageScript<A>, ...args: A): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  let last: unknown;
  for (;;) {
    try {
      if (await d.run<boolean, A>(check, ...args)) return;
    } catch (err) {
      last = err; // the page is changing under the script (a navigation): try again
    }
    if (Date.now() > deadline) {
      const at = await d.run<string, []>(() => location.href).catch(() => '?');
      throw new Error(`${d.engine}: ${what} did not happen within ${WAIT_MS / 1000} s (at ${at})${last ? `: ${String(last)}` : ''}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Opens a page of the shop at once, as a shopper types an address or opens a notification, and returns once the
 * browser has loaded it (its load event), not waiting for the app to start: whatever the page being left is
 * still loading (its app's start, its background work) is cut off, and must be cut off quietly; what the
 * walk then taps before the app has started is kept and made again once it has (common/early-input-script.ts).
 */
export const openPage = (d: BrowserDriver, url: string): Promise<void> => d.open(url);

/**
 * Marks the first shown element matching `css` whose visible text (or aria-label) contains `text` (is `text`,
 * when exact), for a native click on `[data-walk-target]`; false when there is none yet.
 */
function markByText(css: string, text: string, exact: boolean): boolean {
  document.querySelectorAll('[data-walk-target]').forEach((el) => el.removeAttribute('data-walk-target'));
  const says = (s: string) => (exact ? s.trim() === text : s.includes(text));
  const found = [...document.querySelectorAll<HTMLElement>(css)].find(
    (el) => el.getClientRects().length > 0 && (says(el.innerText ?? el.textContent ?? '') || says(el.getAttribute('aria-label') ?? '')),
  );
  found?.setAttribute('data-walk-target', '');
  return !!found;
}

/** Clicks the first element matching `css` that says `text` (exactly that, with `exact`), once there is one. */
export async function clickText(d: BrowserDriver, css: string, text: string, exact = false): Promise<void> {
  await waitUntil(d, `"${text}" (${css}) to appear`, markByText, css, text, exact);
  await d.click('[data-walk-target]');
}

/** Waits until an element matching `css` is in the page (and, with `text`, says it). */
export function waitFor(d: BrowserDriver, css: string, text?: string): Promise<void> {
  return waitUntil(
    d,
    text ? `"${text}" in ${css}` : `${css} to appear`,
    (sel: string, t: string | null) =>
      [...document.querySelectorAll<HTMLElement>(sel)].some((el) => t === null || (el.innerText ?? el.textContent ?? '').includes(t)),
    css,
    text ?? null,
  );
}

/** How many elements match `css` now. */
export const countOf = (d: BrowserDriver, css: string): Promise<number> =>
  d.run<number, [string]>((sel: string) => document.querySelectorAll(sel).length, css);

/** The field labelled `label` (its <label>'s text, exactly), inside `scope`: marked for typing into. */
export async function typeInto(d: BrowserDriver, scope: string, label: string, text: string): Promise<void> {
  await waitUntil(
    d,
    `the field «${label}»`,
    (sc: string, l: string) => {
      document.querySelectorAll('[data-walk-field]').forEach((el) => el.removeAttribute('data-walk-field'));
      const lab = [...document.querySelectorAll<HTMLLabelElement>(`${sc} label`)].find((x) => x.textContent?.trim() === l);
      lab?.control?.setAttribute('data-walk-field', '');
      return !!lab?.control;
    },
    scope,
    label,
  );
  await d.type('[data-walk-field]', text);
}

/** Until the shop's service worker controls the page: only then may the server go away. */
export const serviceWorkerControls = (d: BrowserDriver): Promise<void> =>
  waitUntil(d, 'the service worker to take control', () => navigator.serviceWorker?.controller != null);
