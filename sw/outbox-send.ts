// The service worker's own sending of the basket outbox, for when no tab of the shop is open: the same
// IndexedDB records and flush loop the pages use (common/browser/outbox-storage.ts,
// common/basket-outbox.ts), each change with its id as Idempotency-Key and the shop's cookies (credentials
// 'include'), under the pages' Web Lock so a tab opened meanwhile waits instead of sending the same change
// at once.
import { sendCartMutation } from '../common/browser/cart-calls.ts';
import type { BasketItem } from '../common/contract.ts';
import { OUTBOX_LOCK } from '../common/storage-keys.ts';
import { flushOutbox, refusalNotice, type OutboxPort } from '../common/basket-outbox.ts';
import { readCartSnapshot, readOutbox, settleInOutbox } from '../common/browser/outbox-storage.ts';

interface SendDeps {
  /** navigator.locks where the worker has it. */
  locks?: Pick<LockManager, 'request'>;
  /** Tells open pages the stored basket changed (the BroadcastChannel the tabs use). */
  announce?: () => void;
}

export class OutboxNotSent extends Error {
  constructor(left: number) {
    super(`basket outbox: ${left} change(s) wait for the network`);
    this.name = 'OutboxNotSent';
  }
}

/**
 * Sends every queued change in order. A change the server confirmed or refused leaves the queue; a refusal's
 * reason is kept for the next page. Throws OutboxNotSent when the network failed, so Background Sync
 * tries again later; returns how many changes were settled.
 */
export async function sendOutboxFromWorker(deps: SendDeps = {}): Promise<number> {
  const run = async () => {
    let cart: BasketItem[] = await readCartSnapshot();
    const port: OutboxPort = {
      list: readOutbox,
      cart: () => cart,
      // No token header: the worker cannot read cookies, and the `token` and `basket` cookies go along.
      send: (m, req) => sendCartMutation(req, m.id, null),
      async settle(m, how) {
        if (how?.kind === 'success') cart = how.cart;
        // A refusal's reason is kept for the next page: no tab is open to show it now.
        await settleInOutbox(m.id, {
          cart: how?.kind === 'success' ? how.cart : undefined,
          notice: how?.kind === 'rejected' ? refusalNotice(m, how.message) : undefined,
        });
        deps.announce?.();
      },
    };
    const settled = await flushOutbox(port);
    const left = (await readOutbox()).length;
    if (left) throw new OutboxNotSent(left);
    return settled;
  };
  return deps.locks ? deps.locks.request(OUTBOX_LOCK, run) : run();
}
