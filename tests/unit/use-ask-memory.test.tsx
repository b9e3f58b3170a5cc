// @vitest-environment jsdom
// A page drawn from the memory of answers when it is asked again: with the server out of reach the answer
// shown stays on screen; when the server refuses it (a product taken off sale since the shopper saw it) the
// refusal replaces it, and the next visit does not draw the product again. A page the server rendered is
// not asked again, unless the service worker took it from its cache (a slow network): then its price may be
// out of date, and the page asks, and shows the answer.
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Ask } from '../../common/page-module.ts';
import { forgetAnswers, recallAnswer, rememberAnswer } from '../../src/api/answer-memory.ts';
import { ApiError } from '../../src/api/api-error.ts';
import { useAsk } from '../../src/components/use-load.ts';
import { KEPT_PAGE_SEED, SeedsContext, type Seeds } from '../../src/state/seeds.ts';

const loadAsk = vi.hoisted(() => vi.fn<() => Promise<unknown>>());
vi.mock('../../src/api/asks.ts', () => ({ loadAsk }));

const ASK = { key: 'product:7' } as Ask<{ name: string }>;

function Product() {
  const { data, error } = useAsk(ASK);
  if (data) return <h1>{data.name}</h1>;
  return <p role="alert">{error instanceof ApiError ? error.message : 'загрузка'}</p>;
}

async function visit(seeds: Seeds = {}): Promise<HTMLElement> {
  const root = document.createElement('div');
  await act(async () => {
    createRoot(root).render(
      <SeedsContext.Provider value={seeds}>
        <Product />
      </SeedsContext.Provider>,
    );
  });
  return root;
}

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  forgetAnswers();
  rememberAnswer(ASK.key, { name: 'Купальник «Волна»' }, true);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('a page drawn from memory and asked again', () => {
  it('keeps the answer on screen when the server cannot be reached', async () => {
    loadAsk.mockRejectedValue(new ApiError('Нет связи с сервером', 0));
    const page = await visit();
    expect(page.querySelector('h1')?.textContent).toBe('Купальник «Волна»');
  });

  it('shows the refusal when the product is gone, and forgets it', async () => {
    loadAsk.mockRejectedValue(new ApiError('Товар не найден', 404));
    const page = await visit();
    expect(page.querySelector('h1')).toBeNull();
    expect(page.querySelector('[role=alert]')?.textContent).toBe('Товар не найден');
    expect(recallAnswer(ASK.key, false)).toBeUndefined();
  });
});

describe('a page the server rendered', () => {
  const rendered = (): Seeds => ({ [ASK.key]: { data: { name: 'Купальник «Волна», 7 490 ₽' } } });

  it('is not asked again when it came from the server', async () => {
    forgetAnswers();
    loadAsk.mockReset();
    const page = await visit(rendered());
    expect(page.querySelector('h1')?.textContent).toBe('Купальник «Волна», 7 490 ₽');
    expect(loadAsk).not.toHaveBeenCalled();
  });

  it('is asked again when the service worker took it from its cache, and shows the new price', async () => {
    forgetAnswers();
    loadAsk.mockReset().mockResolvedValue({ name: 'Купальник «Волна», 6 990 ₽' });
    const page = await visit({ ...rendered(), [KEPT_PAGE_SEED]: { data: true } });
    expect(loadAsk).toHaveBeenCalledTimes(1);
    expect(page.querySelector('h1')?.textContent).toBe('Купальник «Волна», 6 990 ₽');
  });
});
