// The order's receipt (orders/receipt.ts) in Sberbank's words: the `orderBundle` that register.do (a sale)
// and refund.do (a refund) carry, from which the bank's cash register prints the fiscal receipt and sends it
// to the buyer. Field by field from the bank's published schema of orderBundle (Sber's gateway OpenAPI,
// «API платёжного шлюза Сбербанка» 1.0.7, FFD 1.2), with the codes the shop's classic REST gateway takes in
// itemAttributes; docs/money.md names the source of each field and what to confirm with the bank. Kopecks
// throughout. Written by hand: the bank publishes no Node client.
import type { Receipt, ReceiptLine, ReceiptMethod } from '../orders/public.ts';
import type { ReceiptCompany, TaxSystem, VatRate } from '../config.ts';
import { moscowStamp } from '../lib/public.ts';

/**
 * tax.taxType (FFD tag 1199): goods and services at the rate, advances at the calculated rate (20/120 and the
 * like, as the tax office asks of advances). 0–7 as Sber's schema lists them; 22 % and 22/122 as 14 and 15,
 * the RBS gateway family's table (Sber's own schema stops at 7: confirm with the bank).
 */
export const TAX_TYPES: Record<VatRate, { sale: number; advance: number }> = {
  none: { sale: 0, advance: 0 },
  '0': { sale: 1, advance: 1 },
  '10': { sale: 2, advance: 4 },
  '20': { sale: 6, advance: 7 },
  '22': { sale: 14, advance: 15 },
};

/**
 * paymentMethod (FFD tag 1214): 1 full prepayment, 2 partial prepayment, 3 an advance (goods chosen later),
 * 4 full payment (the goods handed over: the closing receipt).
 */
const PAYMENT_METHOD: Record<ReceiptMethod, number> = { full_prepayment: 1, partial_prepayment: 2, advance: 3, full_payment: 4 };
/** paymentObject (FFD tag 1212): 1 goods, 4 a service, 10 a payment (an advance). */
const PAYMENT_OBJECT: Record<ReceiptLine['kind'], number> = { commodity: 1, service: 4, advance: 10 };
/** quantity.measure under FFD 1.2 (tag 2108) is a code: 0, goods sold by the piece. */
const PIECES = '0';

/** The `payments` types: 1 by card (tag 1081), 2 the offset of an earlier prepayment or advance (tag 1215). */
export const BUNDLE_PAYMENT = { card: 1, prepaid: 2 } as const;

/** company.sno (tag 1055) by the shop's tax system; the classic gateway's taxSystem code beside it. */
export const TAX_SYSTEM_CODES: Record<TaxSystem, number> = { osn: 0, usn_income: 1, usn_income_outcome: 2, esn: 4, patent: 5 };

/** A position's name: at most this many characters of the schema's alphabet (tag 1030). */
export const NAME_MAX = 100;
/** The schema's pattern for names: printable ASCII, Russian letters, Ё and №. */
export const NAME_ALPHABET = /^[ -~А-Яа-яЁё№]*$/;
/** What a name's characters outside that alphabet become: quotes and dashes their plain forms, the rouble sign a word. */
const PLAIN: Record<string, string> = {
  '«': '"',
  '»': '"',
  '„': '"',
  '“': '"',
  '”': '"',
  '‘': "'",
  '’': "'",
  '—': '-',
  '–': '-',
  '…': '...',
  '₽': 'руб.',
  '\u00a0': ' ',
};

/**
 * A name as the bank's schema takes it: typographic quotes, dashes and the rouble sign in plain letters, other
 * characters outside the alphabet dropped (a Latin letter with a mark loses the mark), spaces squeezed, cut to
 * NAME_MAX with "..." when longer.
 */
export function receiptName(name: string): string {
  const keep = (ch: string) => (NAME_ALPHABET.test(ch) ? ch : '');
  const plain = [...name.normalize('NFC')]
    .map((ch) => (NAME_ALPHABET.test(ch) ? ch : (PLAIN[ch] ?? [...ch.normalize('NFD')].map(keep).join(''))))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  const cut = plain.length > NAME_MAX ? `${plain.slice(0, NAME_MAX - 3).trimEnd()}...` : plain;
  return cut || 'Товар';
}

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
  ffdVersion: '1.2';
  receiptType: 'sell' | 'sell_refund';
  /** The order's time in Moscow, YYYY-MM-DDTHH:mm:ss. */
  orderCreationDate: string;
  company: { email: string; sno: TaxSystem; inn: string; paymentAddress: string };
  customerDetails: { email?: string; phone?: string; fullName?: string };
  cartItems: { items: BundleItem[] };
  payments: { type: number; sum: number }[];
  total: number;
}

/** A receipt stored before positions said how they were settled (FFD 1.05's days) reads as they were then. */
const methodOf = (l: ReceiptLine): ReceiptMethod =>
  (l as { method?: ReceiptMethod }).method ?? (l.kind === 'advance' ? 'advance' : 'full_prepayment');

export function orderBundle(receipt: Receipt, createdAt: Date, company: ReceiptCompany): OrderBundle {
  const { email, phone, name } = receipt.customer;
  return {
    ffdVersion: '1.2',
    receiptType: receipt.type,
    orderCreationDate: moscowStamp(createdAt).join('T'),
    company: { email: company.email, sno: company.taxSystem, inn: company.inn, paymentAddress: company.paymentAddress },
    customerDetails: { ...(email ? { email } : {}), ...(phone ? { phone } : {}), ...(name ? { fullName: receiptName(name) } : {}) },
    cartItems: {
      items: receipt.lines.map((l) => ({
        positionId: String(l.position),
        name: receiptName(l.name),
        quantity: { value: l.quantity, measure: PIECES },
        itemAmount: l.amount,
        itemPrice: l.price,
        itemCode: receiptName(l.code),
        tax: { taxType: TAX_TYPES[receipt.vat][l.kind === 'advance' ? 'advance' : 'sale'] },
        itemAttributes: {
          attributes: [
            { name: 'paymentMethod', value: String(PAYMENT_METHOD[methodOf(l)]) },
            { name: 'paymentObject', value: String(PAYMENT_OBJECT[l.kind]) },
          ],
        },
      })),
    },
    payments: [
      ...(receipt.card > 0 ? [{ type: BUNDLE_PAYMENT.card, sum: receipt.card }] : []),
      ...(receipt.prepaid > 0 ? [{ type: BUNDLE_PAYMENT.prepaid, sum: receipt.prepaid }] : []),
    ],
    total: receipt.total,
  };
}
