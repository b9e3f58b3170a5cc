// The frame's pieces that are not in a page's first download: the mobile menu's panel, the desktop menu, the
// status messages and the widgets. The server renders each in place. In the browser the server's HTML of a
// piece stays as it is (a Suspense boundary of its own that never hydrates) until every part of the page has
// hydrated (Part.tsx) and the piece's code has loaded; then the piece is drawn anew in its place, from the
// stores as they are by then, in one commit (no flash). Drawn anew rather than hydrated: by then the page's
// own work may have changed what it shows (the chat widget on a product page, the signed-in shopper), and
// hydrating would find the server's HTML out of date. The app shell draws the pieces the same way. A piece
// takes no props and is memoised, so nothing re-renders its boundary while it waits. A chunk that cannot be
// had reloads the page once (chunk-reload.ts); past that the server's HTML stays.
import { memo, Suspense, use, useEffect, useState, type ComponentType } from 'react';
import { loadOrReload } from '../components/chunk-reload.ts';
import { lazyPage } from '../components/lazy-page.ts';
import { PieceContext, type PieceState } from '../components/piece-marks.ts';
import { replayPieceInput } from './early-input.ts';
import { PartMounted, whenHydrated, type LaterName } from './Part.tsx';

const NEVER = new Promise<never>(() => undefined);

/** Stands for the piece until it is drawn: its boundary stays the server's HTML (or nothing, in the app shell). */
function ServerHtml(): null {
  return use(NEVER);
}

/** The loads of every piece, started together by startLaterPieces. */
const pieceLoads: (() => Promise<unknown>)[] = [];

/**
 * Starts fetching the pieces' code while the page hydrates (main.tsx calls it once hydration has begun), so
 * they are there when it ends rather than a round trip later; they are still drawn only after it. The app
 * shell does not call it: its page's own code and data come first, and the pieces load after.
 */
export function startLaterPieces(): void {
  for (const load of pieceLoads) void load().catch(() => undefined);
}

export function later(name: LaterName, load: () => Promise<ComponentType>): ComponentType {
  let loading: Promise<ComponentType> | null = null;
  const loadOnce = () =>
    (loading ??= load().catch((err: unknown) => {
      loading = null; // the next try fetches again
      throw err;
    }));
  pieceLoads.push(loadOnce);
  // Its roots say which piece they are, and, once the app drew it, that it is drawn (components/piece-marks.ts).
  const asServer: PieceState = { name, drawn: false };
  const asDrawn: PieceState = { name, drawn: true };
  if (typeof window === 'undefined') {
    // The server's rendering: the piece itself, its code loaded before the page's HTML is sent.
    const Piece = lazyPage<object>(() => loadOnce().then((component) => ({ default: component })));
    return memo(function Later() {
      return (
        <PieceContext.Provider value={asServer}>
          <Suspense fallback={null}>
            <Piece />
          </Suspense>
        </PieceContext.Provider>
      );
    });
  }
  return memo(function Later() {
    const [Piece, setPiece] = useState<ComponentType | null>(null);
    useEffect(() => {
      let live = true;
      void whenHydrated()
        .then(() => loadOrReload(loadOnce))
        .then(
          (component) => live && setPiece(() => component),
          (err: unknown) => console.error(`[frame] the ${name} could not load`, err),
        );
      return () => {
        live = false;
      };
    }, []);
    // What was tapped on the server's HTML of the piece, made again on the piece drawn.
    useEffect(() => {
      if (Piece) void replayPieceInput(name);
    }, [Piece]);
    return Piece ? (
      <PieceContext.Provider value={asDrawn}>
        <Suspense key="drawn" fallback={null}>
          <Piece />
          <PartMounted name={name} />
        </Suspense>
      </PieceContext.Provider>
    ) : (
      <Suspense key="server" fallback={null}>
        <ServerHtml />
      </Suspense>
    );
  });
}
