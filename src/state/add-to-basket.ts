// Adding goods to the basket (a product page, a gift certificate): a queued change (state/outbox.ts), like
// every basket change. The outbox is not in the page's first download: the button loads it once the page is
// on screen (and the background work loads it at idle), so it is there by the first tap; two quick adds
// still queue in the order they were made. If it cannot be had (the connection dropped before it came), the
// add fails with ADD_FAILED and nothing is queued: the button says so and the shopper can tap again.
import { randomId } from '../lib/ids.ts';
import type { LinePreview } from '../../common/basket-queue.ts';

export const ADD_FAILED = 'Не удалось добавить в корзину: нет связи с сервером. Попробуйте ещё раз.';

const outbox = () => import('./outbox.ts');

/** Loads the basket's queue ahead of the first add (a button on screen calls it). */
export const preloadBasketQueue = (): void => void outbox().catch(() => undefined);

/** Resolves the change is stored (and shown): what the 'added' message waits for. */
export async function addToBasket(ext_id: string, quantity: number, label: string, preview?: LinePreview): Promise<void> {
  const { enqueue } = await outbox();
  return enqueue({ id: randomId(), kind: 'add', ext_id, quantity, label, preview });
}

/**
 * The server's basket changed without this device's queue (the page's first script sent the product page's
 * form itself, before the app started): the basket is asked for anew. One that cannot be had now is asked for
 * at the next start.
 */
export const basketChangedOnServer = (): void =>
  void outbox()
    .then((o) => o.refreshCart())
    .catch((err: unknown) => console.warn('[basket] could not ask for the basket again', err));
