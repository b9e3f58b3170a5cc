// @vitest-environment jsdom
// The header's counters before the page knows the shopper's things: the server renders a blank badge, and a
// page whose background work learnt the favourites before this part hydrated (WebKit let it, in the
// cross-engine walk) still hydrates that blank badge without a mismatch, then shows the number.
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CountNotKnownYet } from '../../src/components/NotKnownYet.tsx';
import { favorites } from '../../src/state/favorites.ts';
import { favoritesKnown, personal, useKnown } from '../../src/state/personal.ts';
import { SeedsContext, type Seeds } from '../../src/state/seeds.ts';
import { useSnapshot } from 'valtio';

function FavouritesCount() {
  const known = useKnown().favorites;
  const { ids } = useSnapshot(favorites);
  return known ? <span data-testid="favorites-count">{ids.length}</span> : <CountNotKnownYet className="badge" />;
}
const page = (seeds: Seeds) => (
  <SeedsContext.Provider value={seeds}>
    <FavouritesCount />
  </SeedsContext.Provider>
);

describe('useKnown', () => {
  it('hydrates what the server knew, then shows what the page learnt meanwhile', async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const seeds: Seeds = {};
    const html = renderToString(page(seeds));
    expect(html).toContain('count-not-known-yet');

    // The saved favourites are restored before this part of the page hydrates.
    favorites.ids = [7, 8];
    favoritesKnown();
    const root = document.createElement('div');
    root.innerHTML = html;
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(root, page(seeds), { onRecoverableError: (err) => errors.push(err) });
    });
    expect(errors).toEqual([]);
    expect(root.querySelector('[data-testid="favorites-count"]')?.textContent).toBe('2');
    personal.favorites = false;
  });
});
