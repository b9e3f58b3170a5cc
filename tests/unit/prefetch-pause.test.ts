// @vitest-environment jsdom
// Fetching ahead on a flaky network: once a page fetched ahead could not be loaded for want of the network,
// the links the shopper goes on to focus fetch nothing for a while (nothing was asked for yet), and they do
// again after the pause. A refusal (a brand gone: 404) pauses nothing.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Ask } from '../../common/page-module.ts';
import { ApiError } from '../../src/api/api-error.ts';

const asked: string[] = [];
let answer: () => Promise<unknown> = () => Promise.resolve({});
vi.mock('../../src/api/asks.ts', () => ({
  loadAsk: (ask: Ask) => {
    asked.push(ask.key);
    return answer();
  },
}));
vi.mock('../../src/app/pages.tsx', () => ({ preloadPage: () => Promise.resolve() }));

/** jsdom has no IntersectionObserver: nothing comes into view here, links are focused instead. */
class NoViewport {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

beforeAll(async () => {
  vi.stubGlobal('IntersectionObserver', NoViewport);
  const { startPrefetch } = await import('../../src/app/prefetch.ts');
  startPrefetch();
});
/** Each test starts ten minutes after the one before: past any pause the one before left. */
let clock = Date.now();
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  clock += 10 * 60_000;
  vi.setSystemTime(clock);
});
afterEach(() => {
  vi.useRealTimers();
  asked.length = 0;
});
// The links go while the page is still there: the prefetch's observer hears of it before jsdom closes.
afterAll(async () => {
  document.body.replaceChildren();
  await new Promise((r) => setTimeout(r, 0));
});

/** Focuses a marked link to a brand's page and lets its fetch run; the brands whose asks went out. */
async function focusBrand(slug: string): Promise<void> {
  const link = document.createElement('a');
  link.href = `/brands/${slug}`;
  link.dataset.prefetch = '';
  link.textContent = slug;
  document.body.append(link);
  link.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
  await new Promise((r) => setTimeout(r, 0));
  await new Promise((r) => setTimeout(r, 0));
}
/** The brands whose pages' asks went out (an ask names its brand as a slug, a filter's scope or the offers' filter). */
const brandsAsked = () => [...new Set(asked.map((key) => /(?:"slug":"|brand\/|"brands":\[")([^"]+)/.exec(key)?.[1]))];

describe('fetching ahead', () => {
  it('rests after a load failed for want of the network, and fetches again after the pause', async () => {
    answer = () => Promise.reject(new ApiError('Нет связи с сервером', 0));
    await focusBrand('lost-1');
    expect(brandsAsked()).toEqual(['lost-1']);

    answer = () => Promise.resolve({});
    await focusBrand('next-1');
    await focusBrand('next-2');
    expect(brandsAsked()).toEqual(['lost-1']);

    vi.setSystemTime(clock + 31_000);
    await focusBrand('after-pause');
    expect(brandsAsked()).toEqual(['lost-1', 'after-pause']);
  });

  it('goes on after a refusal: a brand that is gone is no flaky network', async () => {
    answer = () => Promise.reject(new ApiError('Бренд не найден', 404));
    await focusBrand('gone');
    answer = () => Promise.resolve({});
    await focusBrand('there');
    expect(brandsAsked()).toEqual(['gone', 'there']);
  });
});
