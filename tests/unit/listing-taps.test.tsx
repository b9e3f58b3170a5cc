// @vitest-environment jsdom
// A tap on a listing's filter box or page number is answered on screen at once (the box ticked, the number
// marked) and the listing moves after that paint: on a slow phone the redraw of the page does not stand
// between the tap and its answer. Two boxes ticked before the paint both count.
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Filters, OfferFilter } from '../../common/contract/catalog.ts';
import { Pagination } from '../../src/components/Pagination.tsx';
import { FilterPanel } from '../../src/features/catalog/FilterPanel.tsx';

const facets: Filters = {
  sizes: [
    { value: 'M', name: 'M', count: 4 },
    { value: 'L', name: 'L', count: 2 },
  ],
  colors: [],
  brands: [],
  price: { min: 990, max: 9990 },
  sort: [],
} as unknown as Filters;

/** A paint of the page: the frame's callbacks, then the tasks queued after it. */
const paint = () => act(() => new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done, 5))));

let host: HTMLDivElement;
let root: Root;
beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  history.replaceState(null, '', '/');
});

const box = (name: string) => [...host.querySelectorAll('label')].find((l) => l.textContent === name)!.querySelector('input')!;

describe('a filter box', () => {
  it('shows ticked at once, and the listing hears of it after the paint, both boxes of two quick taps', async () => {
    const onChange = vi.fn<(next: OfferFilter) => void>();
    await act(async () => root.render(<FilterPanel facets={facets} filter={{}} onChange={onChange} />));
    act(() => box('M').click());
    expect(box('M').checked).toBe(true);
    act(() => box('L').click());
    expect(box('L').checked).toBe(true);
    expect(onChange).not.toHaveBeenCalled();
    await paint();
    expect(onChange.mock.calls.at(-1)?.[0]).toEqual({ sizes: ['M', 'L'] });
    // The listing's address follows: the boxes now say what the address says.
    await act(async () => root.render(<FilterPanel facets={facets} filter={{ sizes: ['M', 'L'] }} onChange={onChange} />));
    expect([box('M').checked, box('L').checked]).toEqual([true, true]);
    // An address moved another way (Back): its filter is shown, not the taps of before.
    await act(async () => root.render(<FilterPanel facets={facets} filter={{}} onChange={onChange} />));
    expect([box('M').checked, box('L').checked]).toEqual([false, false]);
  });
});

describe('a page number', () => {
  it('is marked as the current page at once, and the address moves after the paint', async () => {
    history.replaceState(null, '', '/kupalniki');
    const hrefFor = (p: number) => (p > 1 ? `/kupalniki?page=${p}` : '/kupalniki');
    await act(async () => root.render(<Pagination page={1} pages={5} hrefFor={hrefFor} />));
    const two = host.querySelector<HTMLAnchorElement>('a[aria-label="Страница 2"]')!;
    act(() => two.click());
    expect(host.querySelector('[aria-current=page]')?.textContent).toBe('2');
    expect(location.search).toBe('');
    await paint();
    expect(location.search).toBe('?page=2');
  });
});
