// A part of the page that hydrates on its own: a Suspense boundary. React hydrates the root at once and
// leaves every part of the server's HTML as it is, then hydrates the parts in small slices of work, yielding
// to the browser between them, so no single task of hydration grows long on a slow phone; a click on a part
// not yet hydrated hydrates that part first and is then replayed (React's selective hydration). A part's code
// must not suspend on the client: its fallback shows nothing. The frame's later pieces (Later.tsx: the menus'
// panels, the status messages, the widgets) load once every part has mounted; when they have mounted too, the
// document is marked `data-ready`: the page answers the shopper from then on (end-to-end tests wait for it).
import { Suspense, useEffect, type ReactNode } from 'react';

export const PARTS = ['header', 'page', 'footer', 'overlays'] as const;
export type PartName = (typeof PARTS)[number];
/** The frame's pieces whose code loads after the parts have hydrated (Later.tsx), each rendered once. */
export const LATER = ['mobile-menu', 'desktop-menu', 'status-bar', 'widgets'] as const;
export type LaterName = (typeof LATER)[number];

const mounted = new Set<PartName | LaterName>();
let allMounted = () => {};
const hydrated = new Promise<void>((resolve) => (allMounted = resolve));

/** Resolves once every part of the page has mounted (hydrated, or rendered by the app shell); the later pieces may not have. */
export const whenHydrated = (): Promise<void> => hydrated;

/** Marks a part (or a later piece) mounted: inside the Suspense boundary that is the part (Part, the route view's, Later's). */
export function PartMounted({ name }: { name: PartName | LaterName }) {
  useEffect(() => {
    mounted.add(name);
    if (!PARTS.every((p) => mounted.has(p))) return;
    allMounted();
    if (LATER.every((p) => mounted.has(p))) document.documentElement.dataset.ready = '';
  }, [name]);
  return null;
}

export function Part({ name, children }: { name: PartName; children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      {children}
      <PartMounted name={name} />
    </Suspense>
  );
}
