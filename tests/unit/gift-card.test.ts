// The gift card in the basket (spec §3, §4, §8): its ext_id goes into the persisted basket record, its data
// comes from POST /v1/gift/card/data/ `response`, and any failed lookup clears the data. Also the balance
// check's wording and code cleaning.
import 'fake-indexeddb/auto';
import { subscribe } from 'valtio';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GiftCertificate } from '../../common/contract/orders.ts';
import { payWithGiftCard } from '../../src/api/gift.ts';
import { balanceText, keepSumsTogether } from '../../src/features/gift/gift-text.ts';
import { cleanCardCode } from '../../common/input-rules.ts';
import { basket } from '../../src/state/basket.ts';
import type { BasketItem } from '../../common/contract/basket.ts';
import { clearGiftCard, giftCard, loadGiftCardData, setGiftCard, watchGiftCardLine } from '../../src/state/gift-card.ts';

/** What the basket keeps of the gift card: its ext_id (in lkData) and the looked-up data. */
const giftCardRecord = () => ({ giftCardExtId: basket.giftCardExtId, data: giftCard.data });
import { readLkData } from '../../src/state/lk-data.ts';
import { PATIENCE } from '../support/patience.ts';

const cert = (nominal: number): GiftCertificate => ({
  slug: `podarochnyj-sertifikat-${nominal}`,
  ext_id: `GC-${nominal}`,
  name: `Подарочный сертификат на ${nominal} ₽`,
  nominal,
  description: 'Действует год.',
  image: `/media/gift/${nominal}.svg`,
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  clearGiftCard();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('gift card in the basket', () => {
  it('keeps the ext_id in lkData and the data read from `response`', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { response: cert(5000) }));
    await setGiftCard('GC-5000');
    expect(giftCardRecord()).toEqual({ giftCardExtId: 'GC-5000', data: cert(5000) });
    expect(giftCard.status).toBe('ready');
    expect(readLkData().giftCardId).toBe('GC-5000');
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v1/gift/card/data/');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ ext_id: 'GC-5000' });
  });

  it('clears the data when the server refuses the lookup', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { response: cert(5000) }));
    await setGiftCard('GC-5000');
    fetchMock.mockResolvedValueOnce(json(404, { message: 'Сертификат не найден' }));
    await loadGiftCardData();
    expect(giftCard.data).toBeNull();
    expect(giftCard.status).toBe('failed');
    expect(basket.giftCardExtId).toBe('GC-5000'); // only the data is cleared (spec §4)
  });

  it('clears the data on a network failure', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { response: cert(3000) }));
    await setGiftCard('GC-3000');
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await loadGiftCardData();
    expect(giftCard.data).toBeNull();
  });

  it('clears the data when the answer has no `response` (off the contract)', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { response: cert(1000) }));
    await setGiftCard('GC-1000');
    fetchMock.mockResolvedValueOnce(json(200, cert(1000)));
    await loadGiftCardData();
    expect(giftCard.data).toBeNull();
    expect(giftCard.status).toBe('failed');
  });

  it("does not show another card's data while the new lookup runs, nor after it fails", async () => {
    fetchMock.mockResolvedValueOnce(json(200, { response: cert(5000) }));
    await setGiftCard('GC-5000');
    let answer!: (r: Response) => void;
    fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (answer = resolve)));
    const pending = setGiftCard('GC-10000');
    expect(giftCard.data).toBeNull();
    expect(giftCard.status).toBe('loading');
    answer(json(500, { message: 'Ошибка сервера' }));
    await pending;
    expect(giftCardRecord()).toEqual({ giftCardExtId: 'GC-10000', data: null });
  });

  it('drops an answer for a card that is no longer in the basket', async () => {
    let answer!: (r: Response) => void;
    fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (answer = resolve)));
    const first = setGiftCard('GC-1000');
    fetchMock.mockResolvedValueOnce(json(200, { response: cert(3000) }));
    await setGiftCard('GC-3000');
    answer(json(200, { response: cert(1000) }));
    await first;
    expect(giftCardRecord()).toEqual({ giftCardExtId: 'GC-3000', data: cert(3000) });
  });

  it('without a card in the basket, loads nothing and has no data', async () => {
    await loadGiftCardData();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(giftCardRecord()).toEqual({ giftCardExtId: null, data: null });
  });
});

describe('balance check wording', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const plain = (s: string) => s.replace(/\u00a0/g, ' ');

  it('says the balance and the Russian expiry date', () => {
    expect(plain(balanceText({ balance: 3500, expires_at: '2027-12-31T20:59:59Z' }, now))).toBe(
      'На карте 3 500 ₽, действует до 31 декабря 2027',
    );
  });

  it('says when a card has expired', () => {
    expect(balanceText({ balance: 1000, expires_at: '2026-03-31T20:59:59Z' }, now)).toBe('Срок действия карты истёк 31 марта 2026');
  });

  it('cleans a typed code; blank is empty', () => {
    expect(cleanCardCode('  demo-5000 -0001 ')).toBe('DEMO-5000-0001');
    expect(cleanCardCode('   ')).toBe('');
  });
});

describe('certificate names', () => {
  it('keep a sum on one line', () => {
    expect(keepSumsTogether('Подарочный сертификат на 10 000 ₽')).toBe('Подарочный сертификат на 10\u00a0000\u00a0₽');
    expect(keepSumsTogether('на 1 000 000 ₽ и 5 дней')).toBe('на 1\u00a0000\u00a0000\u00a0₽ и 5 дней');
  });
});

describe('paying an order from a card', () => {
  it('sends guid and code with the Idempotency-Key and reads the answer', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { paid: 1200, balance: 0, total: 4990, due: 3790, payment_status: 'pending' }));
    const paid = await payWithGiftCard('g-1', 'DEMO-3000-0002', 'key-1');
    expect(paid).toMatchObject({ paid: 1200, balance: 0 });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v1/giftcardpayment/');
    expect((init?.headers as Record<string, string>)['idempotency-key']).toBe('key-1');
    expect(JSON.parse(String(init?.body))).toEqual({ guid: 'g-1', code: 'DEMO-3000-0002' });
  });
});

describe("the gift card's line leaving the basket", () => {
  const line = (ext_id: string, item_uuid: string): BasketItem => ({
    item_uuid,
    ext_id,
    quantity: 1,
    price: 5000,
    product: { name: ext_id, brand: 'Море и Мода', price: 5000, images: [], full_path_offer: '/podarochnye-sertifikaty/x' },
  });
  let stop: () => void = () => undefined;

  beforeEach(async () => {
    basket.cart = [line('GC-5000', 'u-gc'), line('12-chernyj-m', 'u-12')];
    basket.queue = [];
    fetchMock.mockResolvedValueOnce(json(200, { response: cert(5000) }));
    await setGiftCard('GC-5000');
    stop = watchGiftCardLine();
  });
  afterEach(() => stop());

  it('clears the record when the line is deleted, even before the server confirms', async () => {
    basket.queue.push({ id: 'm1', kind: 'remove', ext_id: 'GC-5000', label: 'Сертификат' });
    await vi.waitFor(() => expect(giftCardRecord()).toEqual({ giftCardExtId: null, data: null }), PATIENCE);
    expect(readLkData().giftCardId).toBeNull();
  });

  it('clears the record when the basket is emptied', async () => {
    basket.queue.push({ id: 'm1', kind: 'clear', label: 'Очистка корзины' });
    await vi.waitFor(() => expect(basket.giftCardExtId).toBeNull(), PATIENCE);
    expect(giftCard.data).toBeNull();
  });

  it('clears the record when the server answers with a basket without the line (another tab, an order placed)', async () => {
    basket.cart = [line('12-chernyj-m', 'u-12')];
    await vi.waitFor(() => expect(basket.giftCardExtId).toBeNull(), PATIENCE);
  });

  it('keeps the record while its line stays: another line deleted, or its own add still waiting to be sent', async () => {
    // The watcher subscribed first, so it has looked at these changes when this later subscriber hears of them.
    const looked = new Promise<void>((resolve) => {
      const unsubscribe = subscribe(basket, () => {
        unsubscribe();
        resolve();
      });
    });
    basket.queue.push({ id: 'm1', kind: 'remove', ext_id: '12-chernyj-m', label: 'Платье' });
    basket.cart = [];
    basket.queue.push({ id: 'm2', kind: 'add', ext_id: 'GC-5000', quantity: 1, label: 'Сертификат' });
    await looked;
    expect(giftCardRecord()).toEqual({ giftCardExtId: 'GC-5000', data: cert(5000) });
  });
});
