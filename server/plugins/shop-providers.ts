// Which delivery and payment providers the shop runs with (small interfaces): the tariff table or CDEK's
// calculator and pickup points under the shop's contract (CDEK_CLIENT_ID), and the
// payment provider PAYMENT_PROVIDER names (the bank, the built-in test page, or none: no online payment).
// Decorated on the root app: the shop's routes and the unpaid orders' pass (which asks the provider) use them.
import type { FastifyInstance } from 'fastify';
import { tariffTableDelivery, type DeliveryProvider } from '../orders/public.ts';
import { CdekApi, cdekDelivery } from '../carrier/public.ts';
import { sberbankProvider, testPaymentProvider, type PaymentProvider } from '../payments/public.ts';

declare module 'fastify' {
  interface FastifyInstance {
    delivery: DeliveryProvider;
    /** null: the shop takes no online payments (PAYMENT_PROVIDER unset). */
    payments: PaymentProvider | null;
  }
}

function configuredPayments(app: FastifyInstance): PaymentProvider | null {
  if (app.config.paymentProvider === 'test') return testPaymentProvider;
  if (app.config.paymentProvider === 'sberbank') {
    // readConfig refuses sberbank without the seller's settings.
    return sberbankProvider(app.config.sberbank, app.config.receiptCompany!, app.config.publicUrl, (msg) => app.log.warn(msg));
  }
  return null;
}

export function registerShopProviders(app: FastifyInstance): void {
  const cdek = app.config.cdek ? new CdekApi(app.config.cdek) : null;
  app.decorate('cdek', cdek);
  app.decorate(
    'delivery',
    cdek && app.config.cdek
      ? cdekDelivery(cdek, app.config.cdek, app.config.fittingItemsMax, (msg) => app.log.warn(msg))
      : tariffTableDelivery(app.config.fittingItemsMax),
  );
  app.decorate('payments', configuredPayments(app));
}
