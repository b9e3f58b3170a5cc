// The carrier as the app runs it: CDEK's API under the shop's contract (app.cdek, decorated by
// plugins/shop-providers.ts), what its passes and routes need of the app, and the address of the shop's webhook
// (its secret: CDEK_WEBHOOK_SECRET, or one made once and kept in the database).
import type { FastifyInstance } from 'fastify';
import { shopSecret } from '../db/public.ts';
import { newToken } from '../lib/public.ts';
import type { CdekApi } from './cdek-api.ts';
import type { CarrierDeps } from './shipments.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** CDEK's API under the shop's contract; null without one (CDEK_CLIENT_ID unset). */
    cdek: CdekApi | null;
  }
}

export const NO_CARRIER = 'Служба доставки не подключена: заказы отправляет магазин';

/** What the carrier's passes need of the app; null when the shop has no carrier. */
export function carrierOf(app: FastifyInstance): CarrierDeps | null {
  if (!app.cdek || !app.config.cdek) return null;
  return {
    db: app.db,
    api: app.cdek,
    config: app.config.cdek,
    vat: app.config.vatRate,
    publicUrl: app.config.publicUrl,
    warn: (msg) => app.log.warn(msg),
  };
}

/** The secret in the webhook's path. */
export const webhookSecret = (app: FastifyInstance): Promise<string> =>
  app.config.cdek?.webhookSecret ? Promise.resolve(app.config.cdek.webhookSecret) : shopSecret(app.db, 'cdek_webhook', () => newToken());

/** Where CDEK reports the statuses of the shop's orders. */
export const webhookUrl = async (app: FastifyInstance): Promise<string> =>
  `${app.config.publicUrl}/api/carrier/cdek/${await webhookSecret(app)}`;
