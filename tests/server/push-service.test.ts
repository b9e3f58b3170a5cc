// The stand-in Web Push service (tests/support/push-service.ts) against the web-push library, sending as the
// shop's server will: a payload arrives decrypted with its TTL; a push signed with another VAPID key than the
// subscription's is refused (403) and kept in `rejected`; an expired subscription is a 410; failNext makes
// pushes fail (500, 429 with Retry-After) until the next one goes through; a push without TTL is a 400; a body
// encrypted for other keys is accepted but never reaches the browser.
import webpush, { type PushSubscription, type RequestOptions } from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPushService, type PushService } from '../support/push-service.ts';

const SUBJECT = 'mailto:shop@example.com';

describe('the stand-in push service, with web-push', () => {
  let push: PushService;
  const vapid = webpush.generateVAPIDKeys();
  /** What the shop's server sends: its VAPID keys, a minute to live. */
  const options = (keys = vapid): RequestOptions => ({
    vapidDetails: { subject: SUBJECT, publicKey: keys.publicKey, privateKey: keys.privateKey },
    TTL: 60,
    agent: push.agent,
  });
  const send = (subscription: PushSubscription, payload?: string, keys = vapid) =>
    webpush.sendNotification(subscription, payload, options(keys));
  const refusedFor = (endpoint: string) => push.rejected.filter((r) => r.endpoint === endpoint);
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => expect.fail('the push was accepted'),
      (err: unknown) => err as webpush.WebPushError,
    );

  beforeAll(async () => {
    push = await startPushService();
  });
  afterAll(async () => {
    await push?.close();
  });

  it('hands the payload to the browser decrypted, with its TTL and urgency', async () => {
    const subscription = push.subscribe(vapid.publicKey);
    expect(subscription.endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/push\/[\w-]+$/);
    const notice = {
      title: 'Заказ № 1042 собран',
      body: 'Заберите его в пункте выдачи на Тверской, 7 — ждём до пятницы.',
      url: '/orders/1042',
    };

    const res = await send(subscription, JSON.stringify(notice));

    expect(res.statusCode).toBe(201);
    expect(res.headers.location).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/message\//);
    const message = await push.waitFor((m) => m.endpoint === subscription.endpoint);
    expect(JSON.parse(message.payload)).toEqual(notice);
    expect(message).toMatchObject({ ttl: 60, urgency: 'normal' });
    expect(push.messages(subscription.endpoint)).toHaveLength(1);
    expect(refusedFor(subscription.endpoint)).toEqual([]);
  });

  it('takes a push without a payload', async () => {
    const subscription = push.subscribe(vapid.publicKey);
    expect((await send(subscription)).statusCode).toBe(201);
    expect(push.messages(subscription.endpoint)).toMatchObject([{ payload: '', ttl: 60 }]);
  });

  it('refuses a push signed with another VAPID key pair than the subscription was made with (403)', async () => {
    const subscription = push.subscribe(vapid.publicKey);

    const err = await failure(send(subscription, 'чужой ключ', webpush.generateVAPIDKeys()));

    expect(err).toBeInstanceOf(webpush.WebPushError);
    expect(err.statusCode).toBe(403);
    expect(refusedFor(subscription.endpoint)).toMatchObject([{ status: 403, reason: expect.stringContaining('applicationServerKey') }]);
    expect(push.messages(subscription.endpoint)).toEqual([]);
  });

  it('answers 410 Gone for an expired subscription', async () => {
    const subscription = push.subscribe(vapid.publicKey);
    push.expire(subscription.endpoint);

    const err = await failure(send(subscription, 'Подписка истекла'));

    expect(err).toBeInstanceOf(webpush.WebPushError);
    expect(err.statusCode).toBe(410);
    expect(push.messages(subscription.endpoint)).toEqual([]);
  });

  it('fails the next pushes on demand, then takes the next one', async () => {
    const subscription = push.subscribe(vapid.publicKey);
    push.failNext(1);
    expect((await failure(send(subscription, 'Первая попытка'))).statusCode).toBe(500);
    expect((await send(subscription, 'Вторая попытка')).statusCode).toBe(201);

    push.failNext(1, 429, 3);
    const throttled = await failure(send(subscription, 'Слишком часто'));
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBe('3');

    expect(push.messages(subscription.endpoint).map((m) => m.payload)).toEqual(['Вторая попытка']);
    expect(refusedFor(subscription.endpoint)).toEqual([]);
  });

  it('refuses a push without TTL (400)', async () => {
    const subscription = push.subscribe(vapid.publicKey);
    const details = webpush.generateRequestDetails(subscription, 'Без TTL', options());
    const headers = Object.fromEntries(
      Object.entries(details.headers)
        .filter(([name]) => name !== 'TTL' && name !== 'Content-Length')
        .map(([name, value]) => [name, String(value)]),
    );

    const res = await fetch(details.endpoint, { method: 'POST', headers, body: new Uint8Array(details.body) });

    expect(res.status).toBe(400);
    expect(refusedFor(subscription.endpoint)).toMatchObject([{ status: 400, reason: 'no TTL header' }]);
  });

  it('accepts a body encrypted for other keys, as a real service would, but keeps it as refused', async () => {
    const subscription = push.subscribe(vapid.publicKey);
    const other = push.subscribe(vapid.publicKey);

    expect((await send({ ...subscription, keys: other.keys }, 'Не тому')).statusCode).toBe(201);

    expect(push.messages(subscription.endpoint)).toEqual([]);
    expect(refusedFor(subscription.endpoint)).toMatchObject([{ status: 201, reason: expect.stringContaining('could not decrypt') }]);
  });
});
