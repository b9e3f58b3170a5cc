// API of Web Push: the shop's public key, this device's subscription (made or renewed with the favourites it
// watches, tied to the visitor and to the account signed in), its removal, and the kinds it turned off. A
// device is named by its endpoint and changed only by the browser that holds it (its visitor key).
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '../../common/endpoints.ts';
import { LIMITS, deviceKey, route, spendAttempt, tokenOf } from '../http/public.ts';
import { Refusal } from '../refusal.ts';
import { PUSH_MESSAGES, checkSubscription } from './push-services.ts';
import { deleteSubscription, saveSubscription, setKindsOff } from './push-sql.ts';

export default async function pushRoutes(app: FastifyInstance): Promise<void> {
  route(app, ENDPOINTS.pushKey, async () => ({ public_key: app.vapid.publicKey }));

  route(app, ENDPOINTS.pushSubscribe, async (req, reply) => {
    const { subscription, watches } = req.body;
    checkSubscription(subscription, app.config.push.services);
    await spendAttempt(app.db, [[LIMITS.pushPerAddress, req.ip]]);
    // A device is its browser's visitor key's, also with an account signed in on it (which may have no key yet).
    const visitorKey = deviceKey(req, reply);
    const saved = await app.db.transaction((tx) =>
      saveSubscription(
        tx,
        { endpoint: subscription.endpoint, ...subscription.keys },
        { visitorKey, account: req.userId === null ? null : { userId: req.userId, token: tokenOf(req)! } },
        watches,
      ),
    );
    return { kinds_off: saved.kinds_off };
  });

  route(app, ENDPOINTS.pushSettings, async (req) => {
    const kinds = await setKindsOff(app.db, req.body.endpoint, req.visitorKey, req.body.kinds_off);
    if (!kinds) throw new Refusal('notFound', PUSH_MESSAGES.notFound);
    return { kinds_off: kinds };
  });

  route(app, ENDPOINTS.pushUnsubscribe, async (req) => {
    await deleteSubscription(app.db, req.body.endpoint, req.visitorKey);
    return { message: PUSH_MESSAGES.removed };
  });
}
