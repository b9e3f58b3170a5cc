// @vitest-environment jsdom
// A time the page writes relative to now (a post's "N часов назад") hydrates without a mismatch: the server
// and the page's first render both use the time the server rendered at (its seed), and the page moves to
// its own clock after hydrating. Minutes pass between the server's render and the page's hydration here.
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '../../src/lib/dates.ts';
import { RENDERED_AT_SEED, SeedsContext, useNow, type Seeds } from '../../src/state/seeds.ts';

const published = '2026-11-20T09:00:00Z';
const Posted = () => <time>{formatDate(published, useNow())}</time>;
const page = (seeds: Seeds) => (
  <SeedsContext.Provider value={seeds}>
    <Posted />
  </SeedsContext.Provider>
);

afterEach(() => vi.useRealTimers());

describe('useNow', () => {
  it('hydrates what the server wrote, then shows the browser clock', async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T11:30:00Z'));
    const seeds: Seeds = { [RENDERED_AT_SEED]: { data: new Date().toISOString() } };
    const html = renderToString(page(seeds));
    expect(html).toContain('2 часа назад');

    vi.setSystemTime(new Date('2026-11-20T12:10:00Z')); // the page hydrates 40 minutes later
    const root = document.createElement('div');
    root.innerHTML = html;
    const serverTime = root.querySelector('time');
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(root, page(seeds), { onRecoverableError: (err) => errors.push(err) });
    });
    expect(errors).toEqual([]);
    expect(root.querySelector('time')).toBe(serverTime); // the server's element, hydrated
    expect(root.textContent).toBe('3 часа назад'); // then the browser's clock
  });
});
