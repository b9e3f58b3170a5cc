// The basket sync's channel between tabs and the service worker: a BroadcastChannel note that the stored
// basket changed, so each runtime reads it back (basket-sync.ts). Where BroadcastChannel is missing,
// nothing is announced and each tab reads the basket at start.
import { BASKET_CHANNEL } from '../storage-keys.ts';
import type { BasketChannel } from './basket-sync.ts';

export function basketChannel(): BasketChannel & { close(): void } {
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(BASKET_CHANNEL);
  return {
    announce: () => channel?.postMessage({ type: 'changed' }),
    listen: (onChange) => {
      if (channel) channel.onmessage = onChange;
    },
    close: () => channel?.close(),
  };
}
