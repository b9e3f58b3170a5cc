// The order's fiscal receipt (server/orders/receipt.ts) and its Sberbank form (payments/sberbank-receipt.ts),
// held to the rules the stand-in bank checks as the gateway does (tests/support/sberbank-bank.ts checkBundle):
// the FFD 1.2 schema (version, the seller's company block, the date form, names in the schema's alphabet,
// numeric measures, the code tables), a discount that does not divide evenly over the lines still adding up to
// the kopeck, each position's amount its price times its quantity, the positions adding up to what the card
// pays (a gift card's share left out, each position a partial prepayment), delivery a service, a certificate
// sold an advance, and a refund giving back the sale's positions at their prices.
import { describe, expect, it } from 'vitest';
import { refundReceipt, saleReceipt, spread, type Receipt } from '../../server/orders/receipt.ts';
import type { OrderItemRow } from '../../server/orders/orders-sql.ts';
import { orderBundle, receiptName } from '../../server/payments/sberbank-receipt.ts';
import { checkBundle, STAND_IN_SELLER, type BankOrder, type Bundle } from '../support/sberbank-bank.ts';
import { prng } from '../support/prng.ts';

const item = (ext: string, price: number, quantity: number, certificate = false): OrderItemRow => ({
  ext_id: ext,
  name: certificate ? 'Подарочный сертификат' : `Купальник ${ext}`,
  brand: 'Море и Мода',
  size: certificate ? '' : 'M',
  color: certificate ? '' : 'синий',
  image: '',
  price,
  quantity,
  gift_certificate_id: certificate ? 1 : null,
  returned: 0,
});

const order = (items: OrderItemRow[], o: { promo?: number; bonus?: number; delivery?: number } = {}) => {
  const sum = items.reduce((s, i) => s + i.price * i.quantity, 0);
  const total = sum - (o.promo ?? 0) - (o.bonus ?? 0) + (o.delivery ?? 0);
  return {
    buyer_email: 'buyer@example.test',
    buyer_phone: '+7 (912) 345-67-89',
    buyer_fio: 'Иванова Анна',
    promo_discount: o.promo ?? 0,
    bonus_spent: o.bonus ?? 0,
    delivery_method: 'courier',
    delivery_price: o.delivery ?? 0,
    total,
  };
};

const SELLER = { ...STAND_IN_SELLER, taxSystem: 'osn', paymentAddress: 'https://moreimoda.example' } as const;
const bundleOf = (r: Receipt) => JSON.stringify(orderBundle(r, new Date('2026-11-26T10:00:00Z'), SELLER));
/** The stand-in bank's order after a sale registered with this receipt and the refunds given so far. */
const soldAs = (sale: Receipt, refunds: Receipt[] = []): BankOrder =>
  ({ bundle: JSON.parse(bundleOf(sale)) as Bundle, refundBundles: refunds.map((r) => JSON.parse(bundleOf(r)) as Bundle) }) as BankOrder;

describe('the fiscal receipt of an order', () => {
  it('spreads a discount that does not divide evenly so that the receipt adds up to the kopeck', () => {
    const items = [item('a', 1000, 1), item('b', 999, 3), item('c', 501, 2)];
    const o = order(items, { promo: 100, bonus: 33 });
    const r = saleReceipt(o, items, '20', o.total * 100);
    expect(r.total).toBe(o.total * 100);
    expect(r.lines.reduce((s, l) => s + l.amount, 0)).toBe(r.total);
    for (const l of r.lines) expect(l.amount).toBe(l.price * l.quantity);
    // A line whose share does not divide by its quantity is two positions, one kopeck apart, of the same line.
    const b = r.lines.filter((l) => l.line === 'b');
    expect(b.map((l) => l.quantity).reduce((s, q) => s + q, 0)).toBe(3);
    if (b.length === 2) expect(b[1]!.price - b[0]!.price).toBe(1);
    expect(new Set(r.lines.map((l) => l.code)).size).toBe(r.lines.length);
    expect(r.lines.map((l) => l.position)).toEqual(r.lines.map((_, i) => i + 1));
    expect(checkBundle(bundleOf(r), 'sell', r.card)).toBeNull();
  });

  it('adds up for any basket and discount', () => {
    const random = prng(20261126);
    for (let n = 0; n < 300; n++) {
      const items = Array.from({ length: 1 + Math.floor(random() * 5) }, (_, i) =>
        item(`x${i}`, 1 + Math.floor(random() * 9999), 1 + Math.floor(random() * 7)),
      );
      const sum = items.reduce((s, i) => s + i.price * i.quantity, 0);
      const promo = Math.floor(random() * sum * 0.3);
      const bonus = Math.floor(random() * (sum - promo) * 0.3);
      const o = order(items, { promo, bonus, delivery: random() < 0.5 ? 350 : 0 });
      const card = (1 + Math.floor(random() * o.total)) * 100;
      const r = saleReceipt(o, items, 'none', card);
      expect(checkBundle(bundleOf(r), 'sell', card), JSON.stringify({ items, promo, bonus })).toBeNull();
    }
  });

  it('names delivery a service, a certificate sold an advance at the calculated rate, and goods at the rate', () => {
    const items = [item('swim', 4000, 1), item('cert', 3000, 1, true)];
    const o = order(items, { promo: 400, delivery: 350 });
    const r = saleReceipt(o, items, '20', o.total * 100);
    const b = JSON.parse(bundleOf(r)) as Bundle;
    const attrs = (code: string) => {
      const i = b.cartItems.items.find((x) => x.itemCode === code)!;
      return [i.itemAmount, i.tax.taxType, ...i.itemAttributes.attributes.map((a) => `${a.name}=${a.value}`)];
    };
    // The promo code discounts the goods, never the certificate.
    expect(attrs('swim')).toEqual([360_000, 6, 'paymentMethod=1', 'paymentObject=1']);
    expect(attrs('cert')).toEqual([300_000, 7, 'paymentMethod=3', 'paymentObject=10']);
    expect(attrs('delivery')).toEqual([35_000, 6, 'paymentMethod=1', 'paymentObject=4']);
    expect(b.customerDetails).toEqual({ email: 'buyer@example.test', phone: '+79123456789', fullName: 'Иванова Анна' });
  });

  it('holds what the card pays when a gift card paid the rest: each position its share, a partial prepayment', () => {
    const items = [item('swim', 5000, 1), item('pareo', 1999, 3)];
    const o = order(items, { delivery: 250 });
    const card = (o.total - 2000) * 100;
    const r = saleReceipt(o, items, '20', card);
    const b = JSON.parse(bundleOf(r)) as Bundle;
    expect([b.total, b.payments]).toEqual([card, [{ type: 1, sum: card }]]);
    expect(b.cartItems.items.every((i) => i.itemAttributes.attributes[0]!.value === '2')).toBe(true);
    expect(checkBundle(bundleOf(r), 'sell', card)).toBeNull();
    // The whole order on a receipt of the card's share: the gateway's «сумма товарных позиций» refusal, as
    // is an advance offset (payments type 2) on a prepayment receipt.
    const whole = saleReceipt(o, items, '20', o.total * 100);
    expect(checkBundle(bundleOf(whole), 'sell', card)).toBe('Сумма товарных позиций в Корзине не совпадает с общей суммой заказа');
    const offset = JSON.parse(bundleOf(whole)) as Bundle;
    offset.payments = [
      { type: 1, sum: card },
      { type: 2, sum: whole.total - card },
    ];
    expect(checkBundle(JSON.stringify(offset), 'sell', whole.total)).toMatch(/payments type 2.*полного расчёта/);
  });

  it('adds up to what the card pays however little it is, no line given more of the gift card than it is worth', () => {
    const items = [item('a', 4990, 1), item('b', 2990, 1), item('c', 1990, 1)];
    const o = order(items, { promo: 897, delivery: 300 });
    for (const roubles of [1, 2, 3, 7, 50]) {
      const r = saleReceipt(o, items, '20', roubles * 100);
      expect([r.total, r.lines.every((l) => l.amount >= 0)]).toEqual([roubles * 100, true]);
      expect(checkBundle(bundleOf(r), 'sell', roubles * 100)).toBeNull();
    }
  });

  it('speaks FFD 1.2: the seller, the date in its documented form, pieces as code 0, 22 % as the RBS table has it', () => {
    const items = [item('swim', 4000, 1), item('cert', 3000, 1, true)];
    const o = order(items);
    const b = JSON.parse(bundleOf(saleReceipt(o, items, '22', o.total * 100))) as Bundle;
    expect(b.ffdVersion).toBe('1.2');
    expect(b.orderCreationDate).toBe('2026-11-26T13:00:00'); // Moscow time
    expect(b.company).toEqual({
      email: STAND_IN_SELLER.email,
      sno: 'osn',
      inn: STAND_IN_SELLER.inn,
      paymentAddress: 'https://moreimoda.example',
    });
    expect(b.cartItems.items.map((i) => [i.quantity.measure, i.tax.taxType])).toEqual([
      ['0', 14],
      ['0', 15],
    ]);
    // Each defect of the shop's earlier receipts, refused as the gateway refuses it.
    const defect = (change: (x: Bundle & Record<string, unknown>) => void) => {
      const x = JSON.parse(JSON.stringify(b)) as Bundle & Record<string, unknown>;
      change(x);
      return checkBundle(JSON.stringify(x), 'sell', b.total);
    };
    expect(defect((x) => (x.ffdVersion = '1.05'))).toMatch(/Версия ФФД/);
    expect(defect((x) => (x.taxation = 'osn'))).toMatch(/поле taxation не из схемы/);
    expect(defect((x) => Object.assign(x.cartItems.items[0]!, { measurementUnit: 'шт' }))).toMatch(/только по ФФД 1.05/);
    expect(defect((x) => (x.cartItems.items[0]!.quantity.measure = 'шт'))).toMatch(/числовой код/);
    expect(defect((x) => (x.orderCreationDate = 1_795_000_000_000))).toMatch(/YYYY-MM-DDTHH:mm:ss/);
    expect(defect((x) => delete x.company)).toMatch(/company/);
    expect(defect((x) => (x.cartItems.items[0]!.name = 'Купальник «Волна»'))).toMatch(/название не по схеме/);
    expect(defect((x) => (x.cartItems.items[0]!.tax.taxType = 16))).toMatch(/taxType/);
    expect(defect((x) => (x.cartItems.items[1]!.itemAttributes.attributes[1]!.value = '1'))).toMatch(/аванс/);
  });

  it("writes names in the schema's alphabet: «», ё, dashes, the rouble sign, accents, and no more than 100 characters", () => {
    expect(receiptName('Купальник «Морская звезда» — слитный, ёлочка')).toBe('Купальник "Морская звезда" - слитный, ёлочка');
    expect(receiptName('Подарочный сертификат на 5 000 ₽')).toBe('Подарочный сертификат на 5 000 руб.');
    expect(receiptName('Pareo Café №2 ✨')).toBe('Pareo Cafe №2');
    const long = receiptName(`Платье ${'очень '.repeat(30)}длинное`);
    expect([long.length <= 100, long.endsWith('...'), /^[ -~А-Яа-яЁё№]*$/.test(long)]).toEqual([true, true, true]);
    const items = [item('x', 2500, 1)];
    items[0]!.name = 'Купальник «Волна» — 2 в 1';
    const o = order(items);
    expect(checkBundle(bundleOf(saleReceipt(o, items, '20', o.total * 100)), 'sell', o.total * 100)).toBeNull();
  });

  it("refunds the card's positions: a return gives back the card's share of the goods, the card's money never more", () => {
    const items = [item('a', 999, 3), item('b', 1500, 1)];
    const o = order(items, { promo: 100, delivery: 300 });
    const sale = saleReceipt(o, items, '20', (o.total - 1000) * 100);
    const whole = refundReceipt(sale, 'all', sale.card);
    expect([whole.type, whole.total, whole.card, whole.prepaid]).toEqual(['sell_refund', sale.total, sale.card, 0]);
    expect(checkBundle(bundleOf(whole), 'sell_refund', whole.card, soldAs(sale))).toBeNull();

    const two = refundReceipt(sale, new Map([['a', 2]]), sale.card);
    const soldA = sale.lines.filter((l) => l.line === 'a');
    expect(two.total).toBe(soldA.reduce((s, l) => s + l.amount, 0) - Math.min(...soldA.map((l) => l.price)));
    expect(checkBundle(bundleOf(two), 'sell_refund', two.card, soldAs(sale))).toBeNull();
    // The last one back, then no more: the gateway refuses a second return of what went back.
    const last = refundReceipt(sale, new Map([['a', 1]]), sale.card - two.card, [two]);
    expect(checkBundle(bundleOf(last), 'sell_refund', last.card, soldAs(sale, [two]))).toBeNull();
    expect(checkBundle(bundleOf(last), 'sell_refund', last.card, soldAs(sale, [two, last]))).toMatch(/больше, чем продано/);
    expect(refundReceipt(sale, new Map([['a', 1]]), 0, [two, last]).lines).toEqual([]);
    expect(refundReceipt(sale, 'all', sale.card, [two, last]).lines.map((l) => l.line)).toEqual(['b', 'delivery']);
  });

  it('spreads exactly even where a product of kopecks passes 2^53', () => {
    const shares = spread(987_654_321_00, [123_456_789_00, 1, 999_999_999_99]);
    expect(shares.reduce((s, x) => s + x, 0)).toBe(987_654_321_00);
  });
});
