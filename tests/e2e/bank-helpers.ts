// What the e2e tests share of the stand-in bank (tests/support/sberbank-bank.ts): a visitor's order placed and
// paid there through the API, as a shopper would at the bank's page, and what the bank holds of a payment.
import { expect, type APIRequestContext } from '@playwright/test';

const BANK = `http://127.0.0.1:${process.env.E2E_BANK_PORT}`;

/** What the stand-in bank holds of a payment (its orderNumber is the shop's payment id). */
export async function bankOrderOf(request: APIRequestContext, orderNumber: string) {
  const [order] = (await (await request.get(`${BANK}/standin/orders?orderNumber=${orderNumber}`)).json()) as {
    deposited: number;
    refunded: number;
    refundBundles: { receiptType: string; total: number }[];
  }[];
  return order!;
}

/** A visitor's order of one size (quantity units of it), picked up in Moscow, placed and paid at the bank through the API. */
export async function paidOrderThroughApi(request: APIRequestContext, extId: string, phone: string, quantity = 1) {
  expect((await request.post('/api/v2/cart/', { data: { ext_id: extId, quantity } })).ok()).toBe(true);
  const moscow = (
    (await (await request.get(`/api/v1/cities/?data=${encodeURIComponent('{"q":"Москва"}')}`)).json()) as {
      id: number;
      region_id: number;
      name: string;
    }[]
  ).find((c) => c.name === 'Москва')!;
  const placed = await request.post('/api/v2/order/', {
    data: {
      buyer: { fio: 'Смирнов Олег Игоревич', email: 'oleg.smirnov@example.ru', phone },
      city_id: moscow.id,
      region_id: moscow.region_id,
      delivery_method: 'pickup',
    },
  });
  expect(placed.status(), await placed.text()).toBe(200);
  const { guid, number } = (await placed.json()) as { guid: string; number: string };
  const { payment_url } = (await (await request.post('/api/v1/order_payment/', { data: { guid } })).json()) as { payment_url: string };
  const mdOrder = new URL(payment_url).searchParams.get('mdOrder')!;
  const back = await request.post(`${BANK}/payment/merchants/sbersafe/pay?mdOrder=${mdOrder}`, { maxRedirects: 0 });
  const returnUrl = back.headers().location!;
  await request.get(returnUrl.replace(/^https?:\/\/[^/]+/, ''));
  return { guid, number, paymentId: new URL(returnUrl).searchParams.get('payment')! };
}
