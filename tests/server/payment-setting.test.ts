// Only a payment provider the owner chose can mark an order paid (on one engine: a setting, none decides it):
// without PAYMENT_PROVIDER the shop takes no online payment (a Russian 409) and the test page's pay form does not
// exist, so a certificate order cannot be turned into a gift card for free; the test page is refused at start-up in
// production, and the bank without its credentials.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { readConfig } from '../../server/config.ts';
import { PAYMENT_MESSAGES } from '../../server/payments/providers.ts';
import { oneBackend, startApp } from './harness.ts';
import { BUYER, city, shopper } from './shop-helpers.ts';

describe.each(oneBackend)('the payment setting on $name', (backend) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startApp(backend, { PAYMENT_PROVIDER: '' });
  });
  afterAll(() => app?.close());

  it('without a provider, no call can mark a certificate order paid or issue its card', async () => {
    const s = shopper(app);
    await s.call('POST', '/api/v2/cart/', { ext_id: 'GC-15000', quantity: 1 });
    const cart = await s.call('GET', '/api/v2/cart/');
    expect(cart.body.cart).toHaveLength(1);
    const order = await s.call('POST', '/api/v2/order/', { buyer: BUYER, ...(await city(app, 'Москва')), delivery_method: 'pickup' });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    const start = await s.call('POST', '/api/v1/order_payment/', { guid: order.body.guid });
    expect([start.status, start.body]).toEqual([409, { message: PAYMENT_MESSAGES.noOnlinePayment }]);
    // A payment row as the test provider would have made it: its page and forms are not there.
    const [{ id }] = await app.db.query<{ id: number }>('select id from orders where guid = $1', [order.body.guid]);
    await app.db.query(`insert into payments (order_id, provider, amount, external_id) values ($1, 'test', 15000, $2)`, [
      id,
      'a'.repeat(32),
    ]);
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    expect((await s.call('POST', `/api/payments/test/${'a'.repeat(32)}/pay`, '', form)).status).toBe(404);
    expect((await s.call('GET', `/api/payments/test/${'a'.repeat(32)}`)).status).toBe(404);
    const [o] = await app.db.query<{ payment_status: string }>('select payment_status from orders where id = $1', [id]);
    expect(o.payment_status).toBe('unpaid');
    expect(await app.db.query('select 1 from gift_cards where order_id = $1', [id])).toHaveLength(0);
  });
});

describe('the payment setting at start-up', () => {
  it('refuses the test page when NODE_ENV=production, and the bank without its credentials', () => {
    expect(() => readConfig({ PAYMENT_PROVIDER: 'test', NODE_ENV: 'production' })).toThrow(/NODE_ENV=production/);
    expect(readConfig({ PAYMENT_PROVIDER: 'test' }).paymentProvider).toBe('test');
    expect(readConfig({}).paymentProvider).toBeNull();
    expect(() => readConfig({ PAYMENT_PROVIDER: 'sberbank' })).toThrow(/SBERBANK_USERNAME/);
    // The receipts' VAT rate is the accountant's answer, never a default.
    expect(() => readConfig({ PAYMENT_PROVIDER: 'sberbank', SBERBANK_USERNAME: 'shop-api', SBERBANK_PASSWORD: 'x' })).toThrow(/VAT_RATE/);
    expect(() => readConfig({ VAT_RATE: '18' })).toThrow(/VAT_RATE/);
    // So is the seller every receipt names: the INN (its check digits right), the tax system, the e-mail.
    const bank = { PAYMENT_PROVIDER: 'sberbank', SBERBANK_USERNAME: 'shop-api', SBERBANK_PASSWORD: 'x', VAT_RATE: '20' };
    expect(() => readConfig(bank)).toThrow(/SHOP_INN, TAX_SYSTEM and RECEIPT_EMAIL/);
    const seller = { SHOP_INN: '7707083893', TAX_SYSTEM: 'usn_income', RECEIPT_EMAIL: 'kassa@moreimoda.ru' };
    expect(() => readConfig({ ...bank, ...seller, SHOP_INN: '7707083894' })).toThrow(/SHOP_INN is not an INN/);
    expect(() => readConfig({ ...bank, ...seller, TAX_SYSTEM: 'envd' })).toThrow(/TAX_SYSTEM/);
    expect(() => readConfig({ ...bank, ...seller, RECEIPT_EMAIL: 'kassa' })).toThrow(/RECEIPT_EMAIL/);
    const config = readConfig({ ...bank, ...seller, SHOP_INN: '500100732259', PUBLIC_URL: 'https://moreimoda.ru' });
    expect([config.paymentProvider, config.receiptCompany]).toEqual([
      'sberbank',
      { inn: '500100732259', taxSystem: 'usn_income', email: 'kassa@moreimoda.ru', paymentAddress: 'https://moreimoda.ru' },
    ]);
    expect(() => readConfig({ PAYMENT_PROVIDER: 'paypal' })).toThrow(/PAYMENT_PROVIDER/);
  });
});
