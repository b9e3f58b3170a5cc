// The basket's sync, one module for the page and the service worker: it owns the queued changes and the
// confirmed basket of the runtime that creates it, with its storage (IndexedDB, or memory when that fails),
// transport (fetch with the shop's cookies), channel (BroadcastChannel between tabs) and lock (Web Locks)
// injected. A change is stored before anything is sent, shown as pending, and sent in order, one at a time,
// under the lock; the confirmed basket changes only on the server's 'success'; a refusal drops the change
// with a notice; a network failure keeps it and tries again later with a capped backoff (or at once when
// the shopper comes back to the tab), and, when the
// browser says it is offline, waits for 'online' (or Background Sync) instead of hammering the shop.
import type { BasketItem } from '../contract/basket.ts';
import { flushOutbox, refusalNotice, type HttpRequest, type Outcome, type OutboxPort } from '../basket-outbox.ts';
import type { Mutation, Notice } from '../basket-queue.ts';
import { OUTBOX_LOCK } from '../storage-keys.ts';
import { memoryBasketStorage } from './memory-basket-storage.ts';

export interface StoredBasket {
  queue: Mutation[];
  cart: BasketItem[];
}

/** Where the queue and the confirmed basket are kept (common/browser/outbox-storage.ts over IndexedDB). */
export interface BasketStorage {
  /** The queue and the confirmed basket as one consistent pair. */
  read(): Promise<StoredBasket>;
  readQueue(): Promise<Mutation[]>;
  append(m: Mutation): Promise<void>;
  /** A change leaves the queue in one step with what it left behind: the server's basket, a notice. */
  settle(id: string, left: { cart?: readonly BasketItem[]; notice?: Notice }): Promise<void>;
  saveCart(cart: readonly BasketItem[]): Promise<void>;
  /** Notices stored for the next page, removed as they are taken. */
  takeNotices(): Promise<Notice[]>;
}

/** How changes reach the shop (common/browser/cart-calls.ts). */
export interface BasketTransport {
  send(req: HttpRequest, key: string): Promise<Outcome>;
  /** The confirmed basket; throws when it cannot be had. */
  fetchCart(signal?: AbortSignal): Promise<BasketItem[]>;
}

/** How the runtimes tell each other the stored basket changed (common/browser/basket-channel.ts). */
export interface BasketChannel {
  announce(): void;
  listen(onChange: () => void): void;
}

/** What the sync shows: the page's basket store, or a plain object where nothing is on screen. */
export interface BasketView {
  cart: BasketItem[];
  queue: Mutation[];
  notices: Notice[];
}

export interface BasketSyncDeps {
  storage: BasketStorage;
  transport: BasketTransport;
  view: BasketView;
  channel?: BasketChannel;
  locks?: Pick<LockManager, 'request'>;
  /** False when the browser knows it is offline: changes then wait for online() instead of failing. */
  isOnline?: () => boolean;
  /** Changes wait for the network: ask the browser to wake the service worker when it returns. */
  requestBackgroundSync?: () => void;
  /** Storage failed: changes now live only as long as this runtime (the page says so). */
  onStorageLost?: () => void;
  /** The stored queue and basket have been read and shown (from then on the view knows the basket). */
  onStoredRead?: () => void;
  /** Where refusals go: on screen (the page) or stored for the next page (the service worker). */
  notices?: 'show' | 'store';
}

export class OutboxNotSent extends Error {
  constructor(left: number) {
    super(`basket outbox: ${left} change(s) wait for the network`);
    this.name = 'OutboxNotSent';
  }
}

const RETRY_MIN_MS = 2_000;
/** A change the network keeps failing is tried at least every half a minute while the shop is open. */
const RETRY_MAX_MS = 30_000;
/** A basket GET that has not answered by then is given up: it holds the senders' lock meanwhile. */
const REFRESH_TIMEOUT_MS = 15_000;

/** A plain copy for IndexedDB: a store's proxy cannot be cloned into it. */
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

export class BasketSync {
  private storage: BasketStorage;
  private storageLost = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private retryDelay = RETRY_MIN_MS;
  /**
   * Counts this runtime's own changes to the basket (a change queued, a change settled, a basket taken from
   * the server or from storage). A read that began before one of them is stale when it ends: a storage read
   * is then repeated, a server read dropped. Without this, a late answer would put back a line the shopper
   * has since removed, or hide one just added, and the next step would build on it.
   */
  private localChanges = 0;
  private flushing: Promise<void> | null = null;
  /** A change was queued while a flush was finishing: go through the queue once more before stopping. */
  private flushAgain = false;
  /** Changes being stored: not shown yet, but a quick next click builds on them (queuedAndUnsaved). */
  private readonly unsaved: Mutation[] = [];

  constructor(private readonly deps: BasketSyncDeps) {
    this.storage = deps.storage;
  }

  private get view(): BasketView {
    return this.deps.view;
  }

  /**
   * Start: listen to the other runtimes first (so no confirmation is missed), show what is stored, send, fetch.
   * `serverCart`: the confirmed basket the server rendered the page with (the view shows it already).
   */
  async start(opts: { serverCart?: readonly BasketItem[] } = {}): Promise<void> {
    this.deps.channel?.listen(() => void this.syncFromStorage());
    const { serverCart } = opts;
    if (serverCart) await this.underLock(() => this.takeServerCart(serverCart));
    await this.syncFromStorage();
    await this.flush();
    await this.refreshCart();
  }

  /**
   * The basket the server rendered the page with becomes the stored confirmed basket when nothing is queued,
   * as an answer of refreshCart would: the stored copy may be older (another device changed the basket), and
   * showing it for a moment would show a basket that is not. With changes queued the stored basket stays: the
   * queue was built on it, and the server's may already hold some of them. So does a basket this runtime has
   * already read, changed or had confirmed (the shopper acted before the start): the rendered one is older
   * than that, and taking it would undo a confirmed change on screen and in storage.
   */
  private async takeServerCart(cart: readonly BasketItem[]): Promise<void> {
    if (this.localChanges > 0) return;
    const queued = (await this.listQueue()).length;
    if (queued || this.localChanges > 0) return; // (a change may have been stored while the queue was read)
    this.localChanges += 1;
    await this.storage.saveCart(plain([...cart])).catch((err: unknown) => console.warn('[outbox] could not store the basket', err));
    this.deps.channel?.announce();
  }

  /** The network is back: send what waits at once, then fetch the basket. */
  async online(): Promise<void> {
    this.retryDelay = RETRY_MIN_MS;
    await this.flush();
    await this.refreshCart();
  }

  /** Back to the tab: what waits is sent now rather than at the end of a grown retry delay (nothing else). */
  resume(): Promise<void> {
    if (!this.view.queue.length) return Promise.resolve();
    this.retryDelay = RETRY_MIN_MS;
    return this.flush();
  }

  /** The queued changes plus those still being stored, oldest first: what the next change builds on. */
  queuedAndUnsaved(): readonly Readonly<Mutation>[] {
    return [...this.view.queue, ...this.unsaved];
  }

  /** Queues a change: stored first, then shown as pending, then sent when it can be. */
  async enqueue(m: Mutation): Promise<void> {
    this.unsaved.push(m);
    try {
      await this.storage.append(plain(m)).catch(() => this.loseStorage().append(m));
    } finally {
      this.unsaved.splice(this.unsaved.indexOf(m), 1);
    }
    this.localChanges += 1;
    if (!this.view.queue.some((q) => q.id === m.id)) this.view.queue.push(m);
    this.deps.channel?.announce();
    this.retryDelay = RETRY_MIN_MS;
    void this.flush();
  }

  /** Works through the queue now; on a network failure, tries again later with a growing delay. */
  flush(): Promise<void> {
    if (this.flushing) this.flushAgain = true;
    this.flushing ??= this.flushRounds().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async flushRounds(): Promise<void> {
    let settled = 0;
    do {
      this.flushAgain = false;
      if (!this.offline()) settled += await this.underLock(() => this.sendStored());
      // A read of the stored queue that began before a new change was written can leave that change out;
      // a change queued meanwhile asked for another round, which reads the queue again.
      await this.takeStored();
    } while (this.flushAgain);
    // A round that got answers shows the network works: the next try comes soon again, not after the
    // grown delay of earlier failures.
    if (settled || !this.view.queue.length) this.retryDelay = RETRY_MIN_MS;
    if (this.view.queue.length) {
      // Changes wait for the network: try again later from here (unless the browser says it is offline:
      // then 'online' resumes), and have the browser wake the service worker when the network returns, even
      // if every tab is closed by then. A round that sent all asks nothing of Background Sync, so a click
      // online costs no extra wake-up.
      if (!this.offline()) this.scheduleRetry();
      this.deps.requestBackgroundSync?.();
    }
  }

  /**
   * Under the lock: takes the stored queue and confirmed basket, then sends. A change names its line by the
   * confirmed basket, so that basket must be the stored one: another tab may have confirmed the line a moment
   * ago, and a change built on this runtime's older copy would find no line and be dropped unsent.
   */
  private async sendStored(): Promise<number> {
    await this.takeStored();
    return flushOutbox(this.port);
  }

  /** The service worker's whole job: send every queued change; throws OutboxNotSent when some must wait. */
  async sendAll(): Promise<number> {
    return this.underLock(async () => {
      const settled = await this.sendStored();
      const left = (await this.storage.readQueue()).length;
      if (left) throw new OutboxNotSent(left);
      return settled;
    });
  }

  /**
   * Asks the server for the confirmed basket when nothing is queued (queued changes answer with it). Under the
   * senders' lock, so no tab sends a change while the answer is out; an answer that arrives after this
   * runtime queued or settled a change is older than what is shown, and is dropped.
   */
  refreshCart(): Promise<void> {
    return this.underLock(async () => {
      if (this.view.queue.length || (await this.listQueue()).length) return;
      const seen = this.localChanges;
      let cart: BasketItem[];
      try {
        cart = await this.deps.transport.fetchCart(AbortSignal.timeout(REFRESH_TIMEOUT_MS));
      } catch {
        return; // offline: the last confirmed basket from storage stays on screen
      }
      if (seen !== this.localChanges || this.view.queue.length) return;
      this.localChanges += 1;
      this.view.cart = cart;
      await this.storage.saveCart(plain(cart)).catch((err: unknown) => console.warn('[outbox] could not store the basket', err));
      this.deps.channel?.announce();
    });
  }

  /** Another tab or the service worker changed the basket: take its queue and confirmed basket, together. */
  async syncFromStorage(): Promise<void> {
    await this.takeStored();
    // Changes the service worker sent with no tab open and the shop refused: say why here.
    if (this.deps.notices !== 'store') {
      for (const n of await this.storage.takeNotices().catch(() => [])) this.view.notices.push(n);
    }
  }

  /**
   * Shows the stored queue and confirmed basket, read again if this runtime changed them while the read was
   * under way. Both, always: a change another tab confirmed leaves the queue and enters the basket together.
   */
  private async takeStored(): Promise<void> {
    for (;;) {
      const seen = this.localChanges;
      let stored: StoredBasket;
      try {
        stored = await this.storage.read();
      } catch {
        this.loseStorage();
        continue;
      }
      if (seen !== this.localChanges) continue;
      this.localChanges += 1;
      this.view.queue = stored.queue;
      this.view.cart = stored.cart;
      this.deps.onStoredRead?.();
      return;
    }
  }

  private readonly port: OutboxPort = {
    list: () => this.listQueue(),
    cart: () => this.view.cart,
    send: (m, req) => this.deps.transport.send(req, m.id),
    settle: async (m, how) => {
      // On screen at once: the server's basket, without the change in the queue on top of it.
      this.localChanges += 1;
      const refusal = how?.kind === 'rejected' ? refusalNotice(m, how.message) : undefined;
      if (how?.kind === 'success') this.view.cart = how.cart;
      if (refusal && this.deps.notices !== 'store') this.view.notices.push(refusal);
      this.view.queue = this.view.queue.filter((q) => q.id !== m.id);
      const left = {
        cart: how?.kind === 'success' ? plain(how.cart) : undefined,
        notice: this.deps.notices === 'store' ? refusal : undefined,
      };
      // Should storage fail here, the rest of the queue goes on in memory (the next round would otherwise
      // read the settled change back and send it again, and again).
      await this.storage.settle(m.id, left).catch((err: unknown) => {
        console.warn('[outbox] could not store a settled change', err);
        this.loseStorage();
      });
      this.deps.channel?.announce();
    },
  };

  private offline(): boolean {
    return this.deps.isOnline ? !this.deps.isOnline() : false;
  }

  private async listQueue(): Promise<Mutation[]> {
    try {
      return await this.storage.readQueue();
    } catch {
      return this.loseStorage().readQueue();
    }
  }

  /** Storage failed: from now on the queue and the basket live in memory, and the owner is told. */
  private loseStorage(): BasketStorage {
    if (!this.storageLost) {
      this.storageLost = true;
      this.storage = memoryBasketStorage({ queue: [...this.view.queue], cart: [...this.view.cart] });
      this.deps.onStorageLost?.();
    }
    return this.storage;
  }

  private scheduleRetry(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => void this.flush(), this.retryDelay);
    this.retryDelay = Math.min(this.retryDelay * 2, RETRY_MAX_MS);
  }

  /** Runs fn under the senders' Web Lock (one tab or the service worker at a time works the basket). */
  private async underLock<T>(fn: () => Promise<T>): Promise<T> {
    const { locks } = this.deps;
    return locks ? ((await locks.request(OUTBOX_LOCK, fn)) as T) : fn();
  }
}
