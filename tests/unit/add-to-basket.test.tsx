// @vitest-environment jsdom
// The product page's button when the basket's queue cannot be had (its code did not come: the connection
// dropped before it did): the shopper is told in Russian and can tap again, instead of a button saying
// nothing forever; nothing is queued.
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductOffer } from '../../common/contract/catalog.ts';
import { AddToBasket } from '../../src/features/product/AddToBasket.tsx';
import { ADD_FAILED } from '../../src/state/add-to-basket.ts';

vi.mock('../../src/state/outbox.ts', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

const product = {
  offer: { name: 'Купальник «Волна»', images: [], price: 4990, brand: { name: 'Море и Мода' }, full_path_offer: '/kupalniki/1/volna' },
  variants: [{ ext_id: 'v-44', kind: 'size', size: '44', stock: 3, color: { name: 'синий' } }],
} as unknown as ProductOffer;

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('adding to the basket without the basket queue', () => {
  it('says it could not add, in Russian, and does not say it added', async () => {
    const root = document.body.appendChild(document.createElement('div'));
    await act(async () => {
      createRoot(root).render(
        <AddToBasket product={product} feature={{ selectSize: 'v-44', selectTop: '', selectBottom: '' } as never}>
          {null}
        </AddToBasket>,
      );
    });
    await act(async () => {
      root.querySelector('button')!.click();
    });
    expect(root.querySelector('[role=alert]')?.textContent).toBe(ADD_FAILED);
    expect(root.textContent).not.toContain('Добавлено в корзину');
  });
});
