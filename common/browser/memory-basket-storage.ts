// Where the basket sync keeps the queue and the confirmed basket when IndexedDB cannot be used (private
// mode, a refused or broken database): in memory, so changes still work and are sent, but live only as
// long as the tab. The same interface as the IndexedDB storage (outbox-storage.ts).
import type { BasketStorage, StoredBasket } from './basket-sync.ts';
import type { Notice } from '../basket-queue.ts';

export function memoryBasketStorage(initial: StoredBasket): BasketStorage {
  let { queue, cart } = initial;
  let notices: Notice[] = [];
  return {
    read: async () => ({ queue: [...queue], cart: [...cart] }),
    readQueue: async () => [...queue],
    append: async (m) => void (queue = [...queue, m]),
    settle: async (id, left) => {
      queue = queue.filter((m) => m.id !== id);
      if (left.cart) cart = [...left.cart];
      if (left.notice) notices = [...notices, left.notice];
    },
    saveCart: async (next) => void (cart = [...next]),
    takeNotices: async () => {
      const taken = notices;
      notices = [];
      return taken;
    },
  };
}
