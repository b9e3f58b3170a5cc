// Store of the gift card in the basket (spec §3): its ext_id (kept in lkData as basket.giftCardExtId) and
// the certificate data POST /v1/gift/card/data/ answers in `response`. A failed lookup clears the data (§4, §8);
// the whole record goes when the card's line leaves the basket (deleted, the basket emptied, or refused).
import { proxy, subscribe } from 'valtio';
import type { BasketItem } from '../../common/contract/basket.ts';
import type { GiftCertificate } from '../../common/contract/orders.ts';
import { getGiftCardData } from '../api/gift.ts';
import { basket } from './basket.ts';
import { project, type Mutation } from '../../common/basket-queue.ts';

export const giftCard = proxy({
  data: null as GiftCertificate | null,
  status: 'idle' as 'idle' | 'loading' | 'ready' | 'failed',
});

/** The record as one value: the ext_id from lkData and the data loaded for it. */

/** Loads the data of the card now in the basket; an answer for an ext_id no longer there is dropped. */
export async function loadGiftCardData(): Promise<void> {
  const extId = basket.giftCardExtId;
  if (!extId) {
    giftCard.data = null;
    giftCard.status = 'idle';
    return;
  }
  giftCard.status = 'loading';
  try {
    const data = await getGiftCardData(extId);
    if (basket.giftCardExtId !== extId) return;
    giftCard.data = data;
    giftCard.status = 'ready';
  } catch (err) {
    if (basket.giftCardExtId !== extId) return;
    console.error('[gift card] lookup failed', extId, err);
    giftCard.data = null;
    giftCard.status = 'failed';
  }
}

/** Puts a certificate in the basket record: its ext_id now, its data once the server answers. */
export function setGiftCard(extId: string): Promise<void> {
  if (basket.giftCardExtId !== extId) giftCard.data = null;
  basket.giftCardExtId = extId;
  return loadGiftCardData();
}

export function clearGiftCard(): void {
  basket.giftCardExtId = null;
  giftCard.data = null;
  giftCard.status = 'idle';
}

/** The card's line is not in the basket as it will be once the queued changes are sent. */
function giftCardLineGone(extId: string, cart: readonly BasketItem[], queue: readonly Readonly<Mutation>[]): boolean {
  return !project(cart, queue).some((l) => l.ext_id === extId);
}

/**
 * Clears the record whenever the card's line leaves the basket. Started once the outbox has put the stored
 * basket on screen, so the empty basket before that never counts.
 */
export function watchGiftCardLine(): () => void {
  const check = () => {
    const extId = basket.giftCardExtId;
    if (extId && giftCardLineGone(extId, basket.cart, basket.queue)) clearGiftCard();
  };
  check();
  return subscribe(basket, check);
}
