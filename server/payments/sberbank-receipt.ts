// The order's receipt (orders/receipt.ts) in Sberbank's words: the `orderBundle` that register.do (a sale)
// and refund.do (a refund) carry, from which the bank's cash register prints the fiscal receipt and sends it
// to the buyer. Kopecks throughout; the position's payment method and object as the bank's numeric codes;
// the VAT rate as its taxType (a certificate sold, an advance, carries the calculated rate, 20/120 and the
// like, as the tax office requires); `payments` splits the total into the card's money (1) and the offset of
// the gift card's earlier advance (2). Written by hand: the bank publishes no Node client.
import type { Receipt, ReceiptLine } from '../orders/public.ts';
import type { VatRate } from '../config.ts';

/** taxType of a position: goods and services at the rate, advances at the calculated rate. */
const TAX_TYPES: Record<VatRate, { sale: number; advance: number }> = {
  none: { sale: 0, advance: 0 },
  '0': { sale: 1, advance: 1 },
  '10': { sale: 2, advance: 4 },
  '20': { sale: 6, advance: 7 },
  '22': { sale: 12, advance: 13 },
};

/** paymentMethod: 1 full prepayment (paid before the goods leave), 3 an advance (goods chosen later). */
const PAYMENT_METHOD: Record<ReceiptLine['kind'], number> = { commodity: 1, service: 1, advance: 3 };
/** paymentObject: 1 goods, 4 a service, 10 a payment (an advance). */
const PAYMENT_OBJECT: Record<ReceiptLine['kind'], number> = { commodity: 1, service: 4, advance: 10 };

/** The `payments` types: 1 by card (electronic money), 2 the offset of an earlier prepayment or advance. */
export const BUNDLE_PAYMENT = { card: 1, prepaid: 2 } as const;

export interface BundleItem {
  positionId: string;
  name: string;
  quantity: { value: number; measure: string };
  itemAmount: number;
  itemPrice: number;
  itemCode: string;
  tax: { taxType: number };
  itemAttributes: { attributes: { name: 'paymentMethod' | 'paymentObject'; value: string }[] };
}

export interface OrderBundle {
  ffdVersion: '1.05';
  receiptType: 'sell' | 'sell_refund';
  orderCreationDate: number;
  customerDetails: { email?: string; phone?: string; fullName?: string };
  cartItems: { items: BundleItem[] };
  payments: { type: number; sum: number }[];
  total: number;
}

export function orderBundle(receipt: Receipt, createdAt: Date): OrderBundle {
  const { email, phone, name } = receipt.customer;
  return {
    ffdVersion: '1.05',
    receiptType: receipt.type,
    orderCreationDate: createdAt.getTime(),
    customerDetails: { ...(email ? { email } : {}), ...(phone ? { phone } : {}), ...(name ? { fullName: name } : {}) },
    cartItems: {
      items: receipt.lines.map((l) => ({
        positionId: String(l.position),
        name: l.name,
        quantity: { value: l.quantity, measure: 'шт' },
        itemAmount: l.amount,
        itemPrice: l.price,
        itemCode: l.code,
        tax: { taxType: TAX_TYPES[receipt.vat][l.kind === 'advance' ? 'advance' : 'sale'] },
        itemAttributes: {
          attributes: [
            { name: 'paymentMethod', value: String(PAYMENT_METHOD[l.kind]) },
            { name: 'paymentObject', value: String(PAYMENT_OBJECT[l.kind]) },
          ],
        },
      })),
    },
    payments: [
      { type: BUNDLE_PAYMENT.card, sum: receipt.card },
      ...(receipt.prepaid > 0 ? [{ type: BUNDLE_PAYMENT.prepaid, sum: receipt.prepaid }] : []),
    ],
    total: receipt.total,
  };
}
