// A stand-in Web Push service for tests: what a browser and its push service do together (subscribe hands out a
// subscription for the app's VAPID key), and a loopback HTTP server that takes pushes as a real one does (RFC 8030
// headers, RFC 8292 VAPID, RFC 8291 aes128gcm payloads, decrypted here as the browser would).
//
//   const push = await startPushService();
//   const subscription = push.subscribe(vapidPublicKey); // as pushManager.subscribe({ applicationServerKey }) gives it
//   await webpush.sendNotification(subscription, payload, { vapidDetails, TTL: 60, agent: push.agent });
//   const message = await push.waitFor((m) => m.endpoint === subscription.endpoint);
//   expect(push.rejected).toEqual([]);
//   await push.close();
//
// web-push (3.6.7) always sends with https.request, whatever the endpoint's scheme: pass it push.agent, which
// opens plain TCP connections to the stand-in. A sender using fetch needs nothing (the endpoint is http://).
//
// startPushService(port) listens on a fixed port (the end-to-end run's, which the shop's PUSH_SERVICES names);
// another process subscribes over HTTP, as a browser asks its push service (RFC 8030 §4, in JSON):
//   POST /subscribe { applicationServerKey }  → 201 and the subscription JSON, as subscribe() returns it
//   GET /messages?endpoint=<endpoint>         → the pushes accepted for it, decrypted (not a push service's:
//                                                what a test in another process hands the browser through DevTools)
//
// POST /push/<id>, checked in this order (a refusal is kept in `rejected`, except 404, 410 and failNext's):
//   failNext(n, status)        the next n pushes get that status (429 and 503 with Retry-After), nothing checked
//   unknown id → 404           a subscription expired with expire(endpoint) → 410 Gone
//   Authorization: vapid t=<JWT>, k=<key>   missing or malformed, a bad ES256 signature, aud not this origin, exp
//                              past or more than 24 h ahead, sub neither mailto: nor https: → 401; k not the
//                              subscription's applicationServerKey → 403
//   TTL (seconds) missing or not a whole number → 400; Urgency not very-low|low|normal|high, Topic not up to 32
//                              base64url characters → 400
//   a body over 4096 bytes → 413; a body without Content-Encoding → 400, other than aes128gcm → 415
//   a body the browser cannot decrypt → 201 all the same (a real service cannot read it either: the browser
//                              drops it), kept in `rejected` with status 201
//   else 201 Created, Location: /message/<id>, and the payload kept as a PushedMessage (an empty body: payload '')
import { createECDH, createPublicKey, randomBytes, verify, type ECDH, type KeyObject } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import ece from 'http_ece';

/** A subscription as PushSubscription.toJSON() gives it; what the shop's page sends to the server. */
export interface PushSubscriptionLike {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

/** A push the service accepted, its payload decrypted. */
export interface PushedMessage {
  endpoint: string;
  /** The decrypted payload as UTF-8; '' for a push without a body. */
  payload: string;
  /** The TTL header, in seconds. */
  ttl: number;
  urgency?: string;
  topic?: string;
  at: Date;
}

/** A push refused as a real service would (or, with status 201, accepted but undecryptable by the browser). */
export interface RefusedPush {
  endpoint: string;
  /** What the sender was answered. */
  status: number;
  reason: string;
  at: Date;
}

export interface PushService {
  /** http://127.0.0.1:<port>, the origin a VAPID token's aud must name. */
  url: string;
  /** web-push's `agent` option for this service: web-push speaks https only, this agent connects in plain TCP. */
  agent: https.Agent;
  /** What the browser and the push service do for pushManager.subscribe: a key pair, an auth secret, an endpoint. */
  subscribe(applicationServerKey: string): PushSubscriptionLike;
  /** The subscription is gone (unsubscribed, the browser's data cleared): its pushes get 410. */
  expire(endpoint: string): void;
  /** The next n pushes are answered this status (429 and 503 with Retry-After) before anything is checked. */
  failNext(n: number, status?: number, retryAfterSeconds?: number): void;
  /** The accepted pushes, oldest first: all of them, or those to one endpoint. */
  messages(endpoint?: string): PushedMessage[];
  /** The first accepted push (already here or to come) matching; rejects after timeoutMs (5 s by default). */
  waitFor(predicate: (message: PushedMessage) => boolean, timeoutMs?: number): Promise<PushedMessage>;
  /** Refused pushes (bad VAPID, no TTL, a body that does not decrypt…), for a test to assert there were none. */
  rejected: RefusedPush[];
  close(): Promise<void>;
}

interface Subscription {
  endpoint: string;
  applicationServerKey: Buffer;
  keyPair: ECDH;
  authSecret: Buffer;
  gone: boolean;
}

interface VapidClaims {
  aud?: unknown;
  exp?: unknown;
  sub?: unknown;
}

/** A refusal: the status answered and the reason kept in `rejected`. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    reason: string,
  ) {
    super(reason);
  }
}

const MAX_BODY_BYTES = 4096;
const MAX_TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;
const URGENCIES = ['very-low', 'low', 'normal', 'high'];

/** A P-256 public key from its raw uncompressed form (0x04 ‖ x ‖ y), as VAPID's k and applicationServerKey carry it. */
function p256PublicKey(raw: Buffer): KeyObject {
  if (raw.length !== 65 || raw[0] !== 0x04) throw new Error('not an uncompressed P-256 point (65 bytes, 0x04 first)');
  const jwk = { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') };
  return createPublicKey({ key: jwk, format: 'jwk' });
}

/** The parameters of an `Authorization: vapid t=…, k=…` header (RFC 8292 §3). */
function vapidParams(header: string | undefined): { t: string; k: string } {
  const match = /^vapid\s+(.*)$/i.exec(header ?? '');
  if (!match) throw new Refusal(401, header ? `Authorization is not the vapid scheme: ${header.slice(0, 40)}` : 'no Authorization');
  const params = new Map(
    match[1].split(',').map((part) => {
      const eq = part.indexOf('=');
      return [part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).trim()] as const;
    }),
  );
  const t = params.get('t');
  const k = params.get('k');
  if (!t || !k) throw new Refusal(401, 'vapid Authorization without t= and k=');
  return { t, k };
}

/** An ES256 signature (r ‖ s, as JWS has it) over the data; false for one of the wrong length too. */
function signatureVerifies(data: Buffer, key: KeyObject, signature: Buffer): boolean {
  try {
    return verify('sha256', data, { key, dsaEncoding: 'ieee-p1363' }, signature);
  } catch {
    return false;
  }
}

/** The claims of an ES256 JWT signed with the key, else a 401. */
function verifiedClaims(token: string, key: KeyObject): VapidClaims {
  const parts = token.split('.');
  if (parts.length !== 3) throw new Refusal(401, 'the VAPID token is not a JWT');
  const [header, payload, signature] = parts;
  let alg: unknown;
  let claims: VapidClaims;
  try {
    alg = (JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: unknown }).alg;
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as VapidClaims;
  } catch {
    throw new Refusal(401, 'the VAPID token is not JSON');
  }
  if (alg !== 'ES256') throw new Refusal(401, `the VAPID token is signed with ${String(alg)}, not ES256`);
  const signed = Buffer.from(`${header}.${payload}`);
  if (!signatureVerifies(signed, key, Buffer.from(signature, 'base64url'))) {
    throw new Refusal(401, 'the VAPID token’s signature does not verify with k');
  }
  return claims;
}

/** RFC 8292 §2: aud is the push service's origin, exp within 24 h, sub a contact (mailto: or https:). */
function checkClaims(claims: VapidClaims, origin: string): void {
  const now = Math.floor(Date.now() / 1000);
  if (claims.aud !== origin) throw new Refusal(401, `the VAPID token’s aud is ${String(claims.aud)}, not ${origin}`);
  if (typeof claims.exp !== 'number' || claims.exp <= now) throw new Refusal(401, 'the VAPID token has expired (or has no exp)');
  if (claims.exp > now + MAX_TOKEN_LIFETIME_SECONDS) throw new Refusal(401, 'the VAPID token’s exp is more than 24 h ahead');
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) {
    throw new Refusal(401, `the VAPID token’s sub is not a mailto: or https: URL: ${String(claims.sub)}`);
  }
}

/** The whole of VAPID for a push to the subscription: a token signed by k, for this service, with k the app's key. */
function checkVapid(authorization: string | undefined, subscription: Subscription, origin: string): void {
  const { t, k } = vapidParams(authorization);
  const raw = Buffer.from(k, 'base64url');
  let key: KeyObject;
  try {
    key = p256PublicKey(raw);
  } catch (err) {
    throw new Refusal(401, `k is not a P-256 public key: ${(err as Error).message}`);
  }
  checkClaims(verifiedClaims(t, key), origin);
  if (!raw.equals(subscription.applicationServerKey)) {
    throw new Refusal(403, 'k is not the applicationServerKey the subscription was made with');
  }
}

/** A request header as one string (a repeated one joined with ', ', as Node does for most). */
function header(headers: http.IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** The RFC 8030 headers kept with a message: TTL (required), Urgency, Topic. */
function deliveryHeaders(headers: http.IncomingHttpHeaders): { ttl: number; urgency?: string; topic?: string } {
  const ttl = header(headers, 'ttl');
  const urgency = header(headers, 'urgency');
  const topic = header(headers, 'topic');
  if (ttl === undefined) throw new Refusal(400, 'no TTL header');
  if (!/^\d+$/.test(ttl)) throw new Refusal(400, `TTL is not a number of seconds: ${ttl}`);
  if (urgency !== undefined && !URGENCIES.includes(urgency)) {
    throw new Refusal(400, `Urgency is not one of ${URGENCIES.join(', ')}: ${urgency}`);
  }
  if (topic !== undefined && !/^[A-Za-z0-9_-]{1,32}$/.test(topic)) {
    throw new Refusal(400, `Topic is not up to 32 base64url characters: ${topic}`);
  }
  return { ttl: Number(ttl), ...(urgency !== undefined ? { urgency } : {}), ...(topic !== undefined ? { topic } : {}) };
}

/** The body as the browser reads it (RFC 8291): '' when empty, else aes128gcm decrypted with the subscription's keys. */
function decryptedPayload(body: Buffer, contentEncoding: string | undefined, subscription: Subscription): string {
  if (body.length === 0) return '';
  if (body.length > MAX_BODY_BYTES) throw new Refusal(413, `the body is ${body.length} bytes, over ${MAX_BODY_BYTES}`);
  if (!contentEncoding) throw new Refusal(400, 'a body without Content-Encoding');
  if (contentEncoding !== 'aes128gcm') throw new Refusal(415, `Content-Encoding ${contentEncoding}, not aes128gcm`);
  try {
    const plain = ece.decrypt(body, { version: 'aes128gcm', privateKey: subscription.keyPair, authSecret: subscription.authSecret });
    return new TextDecoder('utf-8', { fatal: true }).decode(plain);
  } catch (err) {
    throw new Refusal(201, `the browser could not decrypt the body: ${(err as Error).message}`);
  }
}

const readBody = (req: http.IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

/** An https.Agent for web-push (which only calls https.request) whose connections are plain TCP. */
class PlainTcpAgent extends https.Agent {
  createConnection(options: http.ClientRequestArgs): net.Socket {
    return net.createConnection({ host: options.host ?? '127.0.0.1', port: Number(options.port) });
  }
}

/** The stand-in on `port` (0: any free one). */
export async function startPushService(port = 0): Promise<PushService> {
  const subscriptions = new Map<string, Subscription>();
  const messages: PushedMessage[] = [];
  const rejected: RefusedPush[] = [];
  const waiters = new Set<(message: PushedMessage) => void>();
  let failures = { left: 0, status: 500, retryAfterSeconds: 1 };
  let origin = '';

  const answer = (res: http.ServerResponse, status: number, message: string, headers: http.OutgoingHttpHeaders = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify({ code: status, message }));
  };

  /** 201 Created with the push message's resource (RFC 8030 §5). */
  const created = (res: http.ServerResponse) => {
    res.writeHead(201, { location: `${origin}/message/${randomBytes(12).toString('base64url')}`, 'content-length': 0 });
    res.end();
  };

  const accept = (message: PushedMessage) => {
    messages.push(message);
    for (const waiter of waiters) waiter(message);
  };

  const deliver = async (req: http.IncomingMessage, res: http.ServerResponse, subscription: Subscription) => {
    const body = await readBody(req);
    checkVapid(req.headers.authorization, subscription, origin);
    const headers = deliveryHeaders(req.headers);
    const payload = decryptedPayload(body, req.headers['content-encoding'], subscription);
    accept({ endpoint: subscription.endpoint, payload, ...headers, at: new Date() });
    created(res);
  };

  const server = http.createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/subscribe') return void subscribeOverHttp(req, res);
    if (req.method === 'GET' && req.url?.startsWith('/messages?')) {
      const endpoint = new URL(req.url, 'http://push').searchParams.get('endpoint') ?? '';
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify(messages.filter((m) => m.endpoint === endpoint)));
    }
    const match = /^\/push\/([\w-]+)$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !match) return answer(res, 404, 'not found');
    if (failures.left > 0) {
      failures.left -= 1;
      const retry = failures.status === 429 || failures.status === 503 ? { 'retry-after': String(failures.retryAfterSeconds) } : {};
      req.resume();
      return answer(res, failures.status, 'failing on purpose (failNext)', retry);
    }
    const subscription = subscriptions.get(match[1]);
    if (!subscription) return answer(res, 404, 'no such subscription');
    if (subscription.gone) return answer(res, 410, 'the subscription has expired');
    deliver(req, res, subscription).catch((err: unknown) => {
      const refusal = err instanceof Refusal ? err : new Refusal(500, String(err));
      rejected.push({ endpoint: subscription.endpoint, status: refusal.status, reason: refusal.message, at: new Date() });
      if (refusal.status === 201) return created(res);
      answer(res, refusal.status, refusal.message, refusal.status === 401 ? { 'www-authenticate': 'vapid' } : {});
    });
  });

  /** POST /subscribe { applicationServerKey }: subscribe() for a test in another process. */
  const subscribeOverHttp = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    try {
      const { applicationServerKey } = JSON.parse((await readBody(req)).toString('utf8')) as { applicationServerKey?: unknown };
      if (typeof applicationServerKey !== 'string') return answer(res, 400, 'applicationServerKey (base64url) is required');
      const subscription = service.subscribe(applicationServerKey);
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(JSON.stringify(subscription));
    } catch (err) {
      answer(res, 400, `cannot subscribe: ${(err as Error).message}`);
    }
  };

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  origin = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  const agent = new PlainTcpAgent();

  const subscriptionAt = (endpoint: string) => {
    const found = [...subscriptions.values()].find((s) => s.endpoint === endpoint);
    if (!found) throw new Error(`No subscription at ${endpoint}`);
    return found;
  };

  const service: PushService = {
    url: origin,
    agent,
    subscribe(applicationServerKey) {
      const serverKey = Buffer.from(applicationServerKey, 'base64url');
      p256PublicKey(serverKey); // throws, as pushManager.subscribe does, for anything but a P-256 public key
      const keyPair = createECDH('prime256v1');
      keyPair.generateKeys();
      const authSecret = randomBytes(16);
      const id = randomBytes(16).toString('base64url');
      const endpoint = `${origin}/push/${id}`;
      subscriptions.set(id, { endpoint, applicationServerKey: serverKey, keyPair, authSecret, gone: false });
      return {
        endpoint,
        expirationTime: null,
        keys: { p256dh: keyPair.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
      };
    },
    expire(endpoint) {
      subscriptionAt(endpoint).gone = true;
    },
    failNext(n, status = 500, retryAfterSeconds = 1) {
      failures = { left: n, status, retryAfterSeconds };
    },
    messages: (endpoint) => messages.filter((m) => endpoint === undefined || m.endpoint === endpoint),
    waitFor(predicate, timeoutMs = 5000) {
      const already = messages.find(predicate);
      if (already) return Promise.resolve(already);
      return new Promise<PushedMessage>((resolve, reject) => {
        const waiter = (message: PushedMessage) => {
          if (!predicate(message)) return;
          waiters.delete(waiter);
          clearTimeout(timer);
          resolve(message);
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          const refused = rejected.map((r) => `${r.status} ${r.reason}`).join('; ') || 'none';
          reject(new Error(`No push matching within ${timeoutMs} ms (${messages.length} accepted; refused: ${refused})`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    rejected,
    close: () => {
      agent.destroy();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return service;
}
