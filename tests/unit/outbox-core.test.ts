// The basket outbox: queued changes go out in order, a refusal drops only its own change, a network
// failure keeps everything for later, and the queued view of the basket is what the shopper did.
import { describe, expect, it } from 'vitest';
import type { BasketItem } from '../../common/contract/basket.ts';
import { flushOutbox, requestOf, type HttpRequest, type Outcome, type Settlement } from '../../common/basket-outbox.ts';
import { project, type Mutation } from '../../common/basket-queue.ts';

const item = (ext_id: string, quantity: number, item_uuid = `u-${ext_id}`): BasketItem => ({
  item_uuid,
  ext_id,
  quantity,
  price: 1000,
  product: { name: ext_id, brand: 'B', price: 1000, images: [], full_path_offer: '/x/1/y' },
});

function fakePort(queue: Mutation[], answers: ((req: HttpRequest) => Outcome)[]) {
  let cart: BasketItem[] = [];
  const sent: HttpRequest[] = [];
  const refused: string[] = [];
  return {
    sent,
    refused,
    get cart() {
      return cart;
    },
    port: {
      list: async () => [...queue],
      cart: () => cart,
      send: async (_m: Mutation, req: HttpRequest) => {
        sent.push(req);
        return answers.shift()!(req);
      },
      settle: async (m: Mutation, how: Settlement) => {
        queue.splice(
          queue.findIndex((q) => q.id === m.id),
          1,
        );
        if (how?.kind === 'success') cart = how.cart;
        else if (how) refused.push(how.message);
      },
    },
  };
}

describe('outbox flush', () => {
  it('sends in order and replaces the basket with each answer', async () => {
    const queue: Mutation[] = [
      { id: '1', kind: 'add', ext_id: 'a', quantity: 1, label: 'A' },
      { id: '2', kind: 'update', ext_id: 'a', quantity: 3, label: 'A' },
    ];
    const f = fakePort(queue, [
      () => ({ kind: 'success', cart: [item('a', 1, 'fresh')] }),
      () => ({ kind: 'success', cart: [item('a', 3, 'fresh')] }),
    ]);
    expect(await flushOutbox(f.port)).toBe(2);
    expect(queue).toEqual([]);
    expect(f.sent).toEqual([
      { method: 'POST', path: '/v2/cart/', body: { ext_id: 'a', quantity: 1 } },
      { method: 'PUT', path: '/v2/cart/fresh/', body: { quantity: 3, item_uuid: 'fresh' } }, // the uuid the server gave the line
    ]);
    expect(f.cart.map((l) => [l.ext_id, l.quantity])).toEqual([['a', 3]]);
  });

  it('stops on a network failure and keeps the rest, then resumes with the same change', async () => {
    const queue: Mutation[] = [
      { id: '1', kind: 'add', ext_id: 'a', quantity: 1, label: 'A' },
      { id: '2', kind: 'add', ext_id: 'b', quantity: 1, label: 'B' },
    ];
    const f = fakePort(queue, [() => ({ kind: 'retry' })]);
    expect(await flushOutbox(f.port)).toBe(0);
    expect(queue.map((m) => m.id)).toEqual(['1', '2']);
  });

  it('drops a refused change with its message and goes on', async () => {
    const queue: Mutation[] = [
      { id: '1', kind: 'add', ext_id: 'gone', quantity: 1, label: 'X' },
      { id: '2', kind: 'add', ext_id: 'b', quantity: 2, label: 'B' },
    ];
    const f = fakePort(queue, [
      () => ({ kind: 'rejected', message: 'Товара больше нет в наличии' }),
      () => ({ kind: 'success', cart: [item('b', 2)] }),
    ]);
    expect(await flushOutbox(f.port)).toBe(2);
    expect(f.refused).toEqual(['Товара больше нет в наличии']);
    expect(f.cart).toHaveLength(1);
  });

  it('settles a change to a line that is gone without a request', () => {
    const m: Mutation = { id: '1', kind: 'remove', ext_id: 'a', label: 'A' };
    expect(requestOf(m, [])).toBeNull();
    expect(requestOf(m, [item('a', 1)])).toEqual({ method: 'DELETE', path: '/v2/cart/u-a/' });
    expect(requestOf({ id: '2', kind: 'clear', label: '' }, [])).toEqual({ method: 'DELETE', path: '/v2/cart/' });
  });
});

describe('queued view of the basket', () => {
  it('applies queued adds, changes and removals on top of the confirmed lines and marks them', () => {
    const cart = [item('a', 1), item('b', 2)];
    const queue: Mutation[] = [
      { id: '1', kind: 'add', ext_id: 'a', quantity: 2, label: '' },
      { id: '2', kind: 'remove', ext_id: 'b', label: '' },
      { id: '3', kind: 'add', ext_id: 'c', quantity: 1, label: '' },
      { id: '4', kind: 'update', ext_id: 'c', quantity: 4, label: '' },
    ];
    expect(project(cart, queue).map((l) => [l.ext_id, l.quantity, l.pending])).toEqual([
      ['a', 3, true],
      ['c', 4, true],
    ]);
    expect(project(cart, []).every((l) => !l.pending)).toBe(true);
    expect(project(cart, [{ id: '5', kind: 'clear', label: '' }])).toEqual([]);
  });
});
