// Reads the server's configuration from the environment once; everything else takes a Config object.
import { BlockList, isIP, isIPv6 } from 'node:net';
import path from 'node:path';
import { DEFAULT_PUSH_SERVICES } from './push/public.ts';

/** The VAT rates a receipt may carry (VAT_RATE): 'none' for a shop on the simplified tax system. */
export const VAT_RATES = ['none', '0', '10', '20', '22'] as const;
export type VatRate = (typeof VAT_RATES)[number];

/**
 * The shop's tax system as the fiscal receipt names it (FFD tag 1055, orderBundle.company.sno): general,
 * simplified on income, simplified on income less expenses, the agricultural tax, the patent.
 */
export const TAX_SYSTEMS = ['osn', 'usn_income', 'usn_income_outcome', 'esn', 'patent'] as const;
export type TaxSystem = (typeof TAX_SYSTEMS)[number];

/** Who sells, as every fiscal receipt says (orderBundle.company): required with a provider that prints receipts. */
export interface ReceiptCompany {
  /** The seller's INN, 10 digits (a company) or 12 (an individual entrepreneur), its check digits right (SHOP_INN). */
  inn: string;
  /** TAX_SYSTEM. */
  taxSystem: TaxSystem;
  /** The seller's e-mail on the receipt (RECEIPT_EMAIL, tag 1117). */
  email: string;
  /** Where the sale took place: the shop's address on the web (PUBLIC_URL, tag 1187). */
  paymentAddress: string;
}

export interface Config {
  port: number;
  host: string;
  /** PGlite's data lives in `${dataDir}/pg`. */
  dataDir: string;
  /**
   * Whether the embedded database syncs each commit to the host's disk before the shop answers (PGLITE_SYNC:
   * on, the default; off trades that for faster writes: an OS crash or a power cut may lose acknowledged ones).
   */
  pgliteSync: boolean;
  /** postgres://… switches the database to PostgreSQL. */
  databaseUrl?: string;
  /** The built app to serve; no static serving when the folder is missing (API-only tests). */
  distDir: string;
  /** smtp://user:pass@host:port: mail goes out; without it, mail is logged with its links. */
  smtpUrl?: string;
  /** The shop's public address, used in mailed links. */
  publicUrl: string;
  logLevel: string;
  /** Social login providers (spec §7), each enabled when its client id and secret are set. */
  social: SocialConfig;
  /** Yandex Metrika counter number: the analytics counter loads (after cookie consent) only when set. */
  analyticsCounterId?: string;
  /** Script URL of the delivery widget (pickup point map): loaded on the delivery page only when set. */
  deliveryWidgetUrl?: string;
  /**
   * Which proxies' X-Forwarded-For is believed for the client's address (the rate limits count per
   * address): Fastify's trustProxy, from TRUST_PROXY ('true', 'false', or addresses, CIDRs and the
   * presets loopback, linklocal, uniquelocal). By default only a proxy on this host: on a private network
   * (Docker, Kubernetes) any neighbour could otherwise claim any address, so its proxy is named explicitly.
   */
  trustProxy: boolean | string;
  /** Who may read /metrics (METRICS_ALLOW: comma-separated addresses and CIDRs; loopback, 127.0.0.1 and ::1, by default). */
  metricsAllow: BlockList;
  /**
   * Check every JSON answer against the contract before it leaves (CHECK_ANSWERS=1): on in the tests and the
   * end-to-end run, where a drifted answer must fail loudly; off in production, where it costs every request.
   */
  checkAnswers: boolean;
  /** Memory the response cache of public answers may take (RESPONSE_CACHE_MB, default 64 MB); 0 turns it off. */
  responseCacheBytes: number;
  /**
   * Products the marketplace feeds read a batch while their files are written (FEED_BATCH_PRODUCTS, default
   * 400): what a feed holds in memory at once is one batch's sizes with their descriptions and pictures.
   */
  feedBatchProducts: number;
  /**
   * How buyers pay online (PAYMENT_PROVIDER): 'sberbank' (the bank's internet acquiring, `sberbank`), 'test'
   * (the built-in page that marks an order paid without money: for the demo `npm start` runs, refused when
   * NODE_ENV=production), or null: no online payment (orders are paid with gift cards only).
   */
  paymentProvider: 'test' | 'sberbank' | null;
  /** How long an unpaid order holds its goods before it is cancelled and they go back on sale (UNPAID_HOLD_MINUTES). */
  unpaidHoldMinutes: number;
  /** The most goods (units) an order with fitting at the door may hold (FITTING_ITEMS_MAX). */
  fittingItemsMax: number;
  /** Unpaid orders one shopper (visitor or account) may have at once (UNPAID_ORDERS_PER_SHOPPER). */
  unpaidPerShopper: number;
  /**
   * Unpaid orders one address may have at once (UNPAID_ORDERS_PER_ADDRESS): a backstop against one person
   * hoarding with fresh visitor cookies, set high because a carrier's NAT puts many shoppers behind one address.
   */
  unpaidPerAddress: number;
  sberbank: SberbankConfig;
  /** CDEK, when the shop has a contract (CDEK_CLIENT_ID, CDEK_CLIENT_SECRET); else null. */
  cdek: CdekConfig | null;
  /**
   * The VAT rate of the goods on the fiscal receipt of every card payment and refund (VAT_RATE: none, 0, 10,
   * 20, 22). Which one is the shop's accountant's answer; required with a payment provider that sends
   * receipts (sberbank), so a receipt never carries a guessed rate.
   */
  vatRate: VatRate;
  /** The seller on every fiscal receipt (SHOP_INN, TAX_SYSTEM, RECEIPT_EMAIL; PUBLIC_URL): null until all are set. */
  receiptCompany: ReceiptCompany | null;
  /**
   * The accounts that are the shop's staff (STAFF_EMAILS, comma-separated e-mails, lower-cased): they sign
   * in with the shop's own login and open the manager's desk at /manage; nobody else may.
   */
  staffEmails: string[];
  push: PushConfig;
  /** The accounting system's exchange at /exchange/1c (1C, МойСклад): null, and the address answers 404, without a login. */
  exchange: ExchangeConfig | null;
  connections: ConnectionLimits;
}

/**
 * How long a connection may hold the server without doing its part, so that silent and dribbling clients
 * (a slowloris) cannot keep connections forever, and how many may be open at once.
 */
export interface ConnectionLimits {
  /** A request's headers must have arrived within this (HTTP_HEADERS_TIMEOUT_S, default 15): a dribbler is cut. */
  headersTimeoutS: number;
  /** A whole request, body included, within this (HTTP_REQUEST_TIMEOUT_S, default 120: 1C's 16 MB pieces on a slow line). */
  requestTimeoutS: number;
  /** A connection silent this long is closed (HTTP_IDLE_TIMEOUT_S, default 30; the desk's event stream speaks every 15 s). */
  idleTimeoutS: number;
  /** A kept-alive connection waits this long for its next request (HTTP_KEEPALIVE_TIMEOUT_S, default 72: past a proxy's 60). */
  keepAliveTimeoutS: number;
  /** Connections open at once at most (HTTP_MAX_CONNECTIONS, default 5000); more are refused. */
  maxConnections: number;
  /** On SIGTERM, how long requests in flight may take to finish before their connections are cut (SHUTDOWN_GRACE_S, default 10). */
  shutdownGraceS: number;
}

/** The encodings the orders may be sent to the accounting system in (EXCHANGE_ORDERS_ENCODING). */
export const EXCHANGE_ENCODINGS = ['windows-1251', 'utf-8'] as const;
export type ExchangeEncoding = (typeof EXCHANGE_ENCODINGS)[number];

export interface ExchangeConfig {
  /** What 1C or МойСклад signs in with (EXCHANGE_LOGIN, EXCHANGE_PASSWORD, HTTP Basic). */
  login: string;
  password: string;
  /** The name of the price type that is the shop's price (EXCHANGE_PRICE_TYPE), e.g. «Розничная»; unset, the package's first. */
  priceType?: string;
  /** How the orders' XML is encoded for the accounting system (EXCHANGE_ORDERS_ENCODING): windows-1251 (1C's default) or utf-8. */
  ordersEncoding: ExchangeEncoding;
  /** The largest piece of a file 1C sends in one request (EXCHANGE_FILE_LIMIT_MB, default 16): it splits bigger ones. */
  fileLimitBytes: number;
  /**
   * What the exchange's uploads may hold on disk in all, every open session's together, unpacked archives
   * included (EXCHANGE_DISK_LIMIT_MB, default 4096): a new session opens no new allowance.
   */
  diskLimitBytes: number;
  /** How long one import call waits for the import before answering «progress» and being called again (EXCHANGE_STEP_SECONDS, default 20; 0 answers «progress» at once). */
  stepSeconds: number;
}

export interface PushConfig {
  /** The VAPID key pair (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, base64url); unset, the first start makes one and keeps it in the database. */
  publicKey?: string;
  privateKey?: string;
  /** Where the push services can reach the shop (VAPID_SUBJECT): a mailto: or https: address; by default the shop's own https address or a no-reply mailbox at its host. */
  subject: string;
  /** The origins pushes may be sent to (PUSH_SERVICES, comma-separated; 'https://*.host' allows subdomains); the big browsers' by default. */
  services: string[];
}

export interface SberbankConfig {
  /** The merchant's API login and password (SBERBANK_USERNAME, SBERBANK_PASSWORD). */
  userName?: string;
  password?: string;
  /** The REST API's base, ending in /payment/rest/ (SBERBANK_API_URL; the bank's test server by default). */
  apiUrl: string;
  /** The key the bank signs its callbacks with (SBERBANK_CALLBACK_KEY): a callback is believed only when set. */
  callbackKey?: string;
}

/** A parcel of one category's goods as the carrier measures it: grams and centimetres. */
export interface Parcel {
  weight: number;
  length: number;
  width: number;
  height: number;
}

/**
 * The shop's contract with CDEK (CDEK_CLIENT_ID, CDEK_CLIENT_SECRET): its API v2 prices delivery, lists the
 * pickup points, takes the shipments and reports their statuses. Null without a contract: the tariff table
 * prices delivery and no shipment is registered.
 */
export interface CdekConfig {
  clientId: string;
  clientSecret: string;
  /** The API's base, ending in /v2 (CDEK_API_URL; CDEK's own by default). */
  apiUrl: string;
  /**
   * Where the parcels leave from: the sender's city (CDEK_SENDER_CITY, the calculator's from_location) and the
   * CDEK office the shop hands them in at (CDEK_SHIPMENT_POINT, its code: the orders' shipment_point, as CDEK's
   * «от склада» tariffs ask).
   */
  senderCity: string;
  shipmentPoint: string;
  /** One piece of each catalogue root's goods packed (CDEK_PARCELS: `root=grams/LxWxH,…`, `*` for the rest). */
  parcels: Record<string, Parcel>;
  /** The secret in the path CDEK's status webhooks come to (CDEK_WEBHOOK_SECRET; made and kept when unset). */
  webhookSecret?: string;
  /** How long one call to CDEK may take (CDEK_TIMEOUT_S, seconds). */
  timeoutMs: number;
}

export interface OAuthProviderConfig {
  clientId?: string;
  clientSecret?: string;
  authorizeUrl: string;
  tokenUrl: string;
  userUrl: string;
}

export interface SocialConfig {
  'vk-oauth2': OAuthProviderConfig;
  facebook: OAuthProviderConfig;
}

/** The real endpoints; VK_* / FACEBOOK_* env (…_AUTHORIZE_URL, …_TOKEN_URL, …_USER_URL) point elsewhere (tests). */
const SOCIAL_DEFAULTS: Record<keyof SocialConfig, { env: string; authorizeUrl: string; tokenUrl: string; userUrl: string }> = {
  'vk-oauth2': {
    env: 'VK',
    authorizeUrl: 'https://oauth.vk.com/authorize',
    tokenUrl: 'https://oauth.vk.com/access_token',
    userUrl: 'https://api.vk.com/method/users.get',
  },
  facebook: {
    env: 'FACEBOOK',
    authorizeUrl: 'https://www.facebook.com/v19.0/dialog/oauth',
    tokenUrl: 'https://graph.facebook.com/v19.0/oauth/access_token',
    userUrl: 'https://graph.facebook.com/v19.0/me',
  },
};

function readSocial(env: NodeJS.ProcessEnv): SocialConfig {
  const one = (name: keyof SocialConfig): OAuthProviderConfig => {
    const d = SOCIAL_DEFAULTS[name];
    return {
      clientId: env[`${d.env}_CLIENT_ID`] || undefined,
      clientSecret: env[`${d.env}_CLIENT_SECRET`] || undefined,
      authorizeUrl: env[`${d.env}_AUTHORIZE_URL`] || d.authorizeUrl,
      tokenUrl: env[`${d.env}_TOKEN_URL`] || d.tokenUrl,
      userUrl: env[`${d.env}_USER_URL`] || d.userUrl,
    };
  };
  return { 'vk-oauth2': one('vk-oauth2'), facebook: one('facebook') };
}

const DEFAULT_TRUST_PROXY = 'loopback';

function trustProxyOf(raw: string | undefined): boolean | string {
  const v = raw?.trim();
  if (!v) return DEFAULT_TRUST_PROXY;
  if (v === 'true' || v === 'false') return v === 'true';
  return v;
}

/** Node's BlockList of METRICS_ALLOW's addresses (`10.0.0.5`, `::1`) and subnets (`10.0.0.0/8`); loopback when unset. */
function metricsAllowOf(raw: string | undefined): BlockList {
  const list = new BlockList();
  const entries = (raw ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  for (const entry of entries.length ? entries : ['127.0.0.1', '::1']) {
    const [address, prefix, ...rest] = entry.split('/');
    const family = isIPv6(address) ? 'ipv6' : 'ipv4';
    try {
      if (!isIP(address) || rest.length || (prefix !== undefined && !/^\d+$/.test(prefix))) throw new Error(entry);
      if (prefix === undefined) list.addAddress(address, family);
      else list.addSubnet(address, Number(prefix), family); // throws on a prefix past 32 (IPv4) or 128 (IPv6)
    } catch {
      throw new Error(`METRICS_ALLOW has an entry that is neither an address nor a subnet: ${entry} (e.g. 127.0.0.1, ::1 or 10.0.0.0/8)`);
    }
  }
  return list;
}

function positiveInt(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} is not a whole number above 0: ${raw}`);
  return n;
}

function wholeSeconds(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 600) throw new Error(`${name} is not a whole number of seconds from 0 to 600: ${raw}`);
  return n;
}

function cacheMegabytes(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return 64;
  const mb = Number(raw);
  if (!Number.isFinite(mb) || mb < 0) throw new Error(`RESPONSE_CACHE_MB is not a size in megabytes: ${raw}`);
  return mb;
}

/** The bank's test server; its production address is given in the merchant's contract. */
export const SBERBANK_TEST_API = 'https://3dsec.sberbank.ru/payment/rest/';

function paymentProviderOf(env: NodeJS.ProcessEnv, sberbank: SberbankConfig): Config['paymentProvider'] {
  const raw = env.PAYMENT_PROVIDER?.trim() ?? '';
  if (raw === '' || raw === 'none') return null;
  if (raw === 'test') {
    if (env.NODE_ENV === 'production') {
      throw new Error('PAYMENT_PROVIDER=test marks orders paid without money and is refused when NODE_ENV=production');
    }
    return 'test';
  }
  if (raw === 'sberbank') {
    if (!sberbank.userName || !sberbank.password)
      throw new Error('PAYMENT_PROVIDER=sberbank needs SBERBANK_USERNAME and SBERBANK_PASSWORD');
    if (!env.VAT_RATE?.trim())
      throw new Error(
        `PAYMENT_PROVIDER=sberbank needs VAT_RATE, the VAT rate of the receipts (${VAT_RATES.join(', ')}): ask the shop's accountant`,
      );
    if (!env.SHOP_INN?.trim() || !env.TAX_SYSTEM?.trim() || !env.RECEIPT_EMAIL?.trim())
      throw new Error(
        "PAYMENT_PROVIDER=sberbank needs SHOP_INN, TAX_SYSTEM and RECEIPT_EMAIL, the seller on every fiscal receipt: ask the shop's accountant",
      );
    return 'sberbank';
  }
  throw new Error(`PAYMENT_PROVIDER is not one of sberbank, test, none: ${raw}`);
}

function readSberbank(env: NodeJS.ProcessEnv): SberbankConfig {
  return {
    userName: env.SBERBANK_USERNAME || undefined,
    password: env.SBERBANK_PASSWORD || undefined,
    apiUrl: (env.SBERBANK_API_URL || SBERBANK_TEST_API).replace(/\/?$/, '/'),
    callbackKey: env.SBERBANK_CALLBACK_KEY || undefined,
  };
}

export const CDEK_API = 'https://api.cdek.ru/v2';
/** A piece of clothing packed, when CDEK_PARCELS does not name its catalogue root. */
const DEFAULT_PARCELS =
  'kupalniki=300/25x20x5,bele=200/20x15x5,odezhda=600/35x25x8,obuv=1200/35x25x15,aksessuary=300/25x20x8,*=500/30x20x10';

/** `root=grams/LxWxH,…`: each catalogue root's piece as packed; `*` for any other. */
function parcelsOf(raw: string): Record<string, Parcel> {
  const out: Record<string, Parcel> = {};
  for (const part of raw
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const m = /^([\w*-]+)=(\d+)\/(\d+)x(\d+)x(\d+)$/.exec(part);
    if (!m) throw new Error(`CDEK_PARCELS: «${part}» is not root=grams/LxWxH (e.g. kupalniki=300/25x20x5)`);
    out[m[1]] = { weight: Number(m[2]), length: Number(m[3]), width: Number(m[4]), height: Number(m[5]) };
  }
  if (!out['*']) throw new Error('CDEK_PARCELS: name the parcel of any other goods with *=grams/LxWxH');
  return out;
}

function readCdek(env: NodeJS.ProcessEnv): CdekConfig | null {
  const clientId = env.CDEK_CLIENT_ID?.trim();
  const clientSecret = env.CDEK_CLIENT_SECRET?.trim();
  if (!clientId && !clientSecret) return null;
  if (!clientId || !clientSecret) throw new Error('CDEK_CLIENT_ID and CDEK_CLIENT_SECRET go together: set both, or neither');
  const senderCity = env.CDEK_SENDER_CITY?.trim();
  const shipmentPoint = env.CDEK_SHIPMENT_POINT?.trim();
  if (!senderCity || !shipmentPoint)
    throw new Error('With CDEK, set CDEK_SENDER_CITY and CDEK_SHIPMENT_POINT: the city and the CDEK office the parcels leave from');
  return {
    clientId,
    clientSecret,
    apiUrl: (env.CDEK_API_URL || CDEK_API).replace(/\/$/, ''),
    senderCity,
    shipmentPoint,
    parcels: parcelsOf(env.CDEK_PARCELS || DEFAULT_PARCELS),
    webhookSecret: env.CDEK_WEBHOOK_SECRET?.trim() || undefined,
    timeoutMs: positiveInt('CDEK_TIMEOUT_S', env.CDEK_TIMEOUT_S, 10) * 1000,
  };
}

function vatRateOf(raw: string | undefined): VatRate {
  const rate = (raw ?? '').trim().replace(/%$/, '') || 'none';
  if (!(VAT_RATES as readonly string[]).includes(rate)) throw new Error(`VAT_RATE is not one of ${VAT_RATES.join(', ')}: ${raw}`);
  return rate as VatRate;
}

/**
 * Whether an INN's check digits are right: 10 digits (a company) with one, 12 (an individual) with two, each
 * the weighted sum of the digits before it, mod 11, mod 10. A few lines of arithmetic, written here.
 */
export function innValid(inn: string): boolean {
  if (!/^(\d{10}|\d{12})$/.test(inn)) return false;
  const d = [...inn].map(Number);
  const check = (weights: number[]) => (weights.reduce((s, w, i) => s + w * d[i]!, 0) % 11) % 10;
  if (d.length === 10) return check([2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[9];
  return check([7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[10] && check([3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[11];
}

function receiptCompanyOf(env: NodeJS.ProcessEnv, publicUrl: string): ReceiptCompany | null {
  const inn = env.SHOP_INN?.trim() ?? '';
  const taxSystem = env.TAX_SYSTEM?.trim() ?? '';
  const email = env.RECEIPT_EMAIL?.trim() ?? '';
  if (!inn && !taxSystem && !email) return null;
  if (!innValid(inn)) throw new Error(`SHOP_INN is not an INN (10 or 12 digits with the right check digits): ${env.SHOP_INN ?? ''}`);
  if (!(TAX_SYSTEMS as readonly string[]).includes(taxSystem))
    throw new Error(`TAX_SYSTEM is not one of ${TAX_SYSTEMS.join(', ')}: ${env.TAX_SYSTEM ?? ''}`);
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email) || email.length > 64)
    throw new Error(`RECEIPT_EMAIL is not an e-mail of at most 64 characters: ${env.RECEIPT_EMAIL ?? ''}`);
  return { inn, taxSystem: taxSystem as TaxSystem, email, paymentAddress: publicUrl };
}

/** An on/off setting (on, off; true, false; 1, 0), `fallback` when unset. */
function onOff(name: string, raw: string | undefined, fallback: boolean): boolean {
  const v = (raw ?? '').trim().toLowerCase();
  if (v === '') return fallback;
  if (['on', 'true', '1'].includes(v)) return true;
  if (['off', 'false', '0'].includes(v)) return false;
  throw new Error(`${name} is not on or off: ${raw}`);
}

function staffEmailsOf(raw: string | undefined): string[] {
  const emails = (raw ?? '')
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
  for (const e of emails)
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(e)) throw new Error(`STAFF_EMAILS has an entry that is not an e-mail: ${e}`);
  return emails;
}

function readExchange(env: NodeJS.ProcessEnv): ExchangeConfig | null {
  const login = env.EXCHANGE_LOGIN?.trim() ?? '';
  const password = env.EXCHANGE_PASSWORD ?? '';
  if (!login && !password) return null;
  if (!login || !password) throw new Error('EXCHANGE_LOGIN and EXCHANGE_PASSWORD are set together or not at all');
  if (login.includes(':')) throw new Error('EXCHANGE_LOGIN cannot hold a colon (HTTP Basic separates the password with it)');
  const encoding = (env.EXCHANGE_ORDERS_ENCODING?.trim().toLowerCase() || 'windows-1251').replace(/^cp1251$/, 'windows-1251');
  if (!(EXCHANGE_ENCODINGS as readonly string[]).includes(encoding))
    throw new Error(`EXCHANGE_ORDERS_ENCODING is not one of ${EXCHANGE_ENCODINGS.join(', ')}: ${env.EXCHANGE_ORDERS_ENCODING}`);
  return {
    login,
    password,
    priceType: env.EXCHANGE_PRICE_TYPE?.trim() || undefined,
    ordersEncoding: encoding as ExchangeEncoding,
    fileLimitBytes: positiveInt('EXCHANGE_FILE_LIMIT_MB', env.EXCHANGE_FILE_LIMIT_MB, 16) * 1024 * 1024,
    diskLimitBytes: positiveInt('EXCHANGE_DISK_LIMIT_MB', env.EXCHANGE_DISK_LIMIT_MB, 4096) * 1024 * 1024,
    stepSeconds: wholeSeconds('EXCHANGE_STEP_SECONDS', env.EXCHANGE_STEP_SECONDS, 20),
  };
}

function readConnections(env: NodeJS.ProcessEnv): ConnectionLimits {
  const limits = {
    headersTimeoutS: positiveInt('HTTP_HEADERS_TIMEOUT_S', env.HTTP_HEADERS_TIMEOUT_S, 15),
    requestTimeoutS: positiveInt('HTTP_REQUEST_TIMEOUT_S', env.HTTP_REQUEST_TIMEOUT_S, 120),
    idleTimeoutS: positiveInt('HTTP_IDLE_TIMEOUT_S', env.HTTP_IDLE_TIMEOUT_S, 30),
    keepAliveTimeoutS: positiveInt('HTTP_KEEPALIVE_TIMEOUT_S', env.HTTP_KEEPALIVE_TIMEOUT_S, 72),
    maxConnections: positiveInt('HTTP_MAX_CONNECTIONS', env.HTTP_MAX_CONNECTIONS, 5000),
    shutdownGraceS: positiveInt('SHUTDOWN_GRACE_S', env.SHUTDOWN_GRACE_S, 10),
  };
  if (limits.headersTimeoutS > limits.requestTimeoutS)
    throw new Error('HTTP_HEADERS_TIMEOUT_S cannot be longer than HTTP_REQUEST_TIMEOUT_S (the headers are part of the request)');
  return limits;
}

function readPush(env: NodeJS.ProcessEnv, publicUrl: string): PushConfig {
  const publicKey = env.VAPID_PUBLIC_KEY || undefined;
  const privateKey = env.VAPID_PRIVATE_KEY || undefined;
  if (!publicKey !== !privateKey) throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together or not at all');
  const subject = env.VAPID_SUBJECT || (publicUrl.startsWith('https://') ? publicUrl : `mailto:no-reply@${new URL(publicUrl).hostname}`);
  if (!/^(mailto:|https:\/\/)\S+$/.test(subject)) throw new Error(`VAPID_SUBJECT is not a mailto: or https: address: ${subject}`);
  const services = (env.PUSH_SERVICES ?? '')
    .split(',')
    .map((s) => s.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  for (const s of services) if (!/^https?:\/\/[^/\s]+$/.test(s)) throw new Error(`PUSH_SERVICES has an entry that is not an origin: ${s}`);
  return { publicKey, privateKey, subject, services: services.length ? services : DEFAULT_PUSH_SERVICES };
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const sberbank = readSberbank(env);
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT is not a port: ${env.PORT}`);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const connections = readConnections(env);
  const exchange = readExchange(env);
  // An import call waits that long before it answers: the server would close the connection under it.
  if (exchange && exchange.stepSeconds >= connections.idleTimeoutS)
    throw new Error('EXCHANGE_STEP_SECONDS must be shorter than HTTP_IDLE_TIMEOUT_S (an import call is silent while it waits)');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    pgliteSync: onOff('PGLITE_SYNC', env.PGLITE_SYNC, true),
    databaseUrl: env.DATABASE_URL || undefined,
    distDir: path.resolve(env.DIST_DIR ?? './dist'),
    smtpUrl: env.SMTP_URL || undefined,
    publicUrl,
    logLevel: env.LOG_LEVEL ?? 'info',
    social: readSocial(env),
    analyticsCounterId: /^\d{1,12}$/.test(env.ANALYTICS_COUNTER_ID ?? '') ? env.ANALYTICS_COUNTER_ID : undefined,
    deliveryWidgetUrl: /^https:\/\/[^\s"']+$/.test(env.DELIVERY_WIDGET_URL ?? '') ? env.DELIVERY_WIDGET_URL : undefined,
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    metricsAllow: metricsAllowOf(env.METRICS_ALLOW),
    checkAnswers: env.CHECK_ANSWERS === '1' || env.CHECK_ANSWERS === 'true',
    responseCacheBytes: cacheMegabytes(env.RESPONSE_CACHE_MB) * 1024 * 1024,
    feedBatchProducts: positiveInt('FEED_BATCH_PRODUCTS', env.FEED_BATCH_PRODUCTS, 400),
    paymentProvider: paymentProviderOf(env, sberbank),
    unpaidHoldMinutes: positiveInt('UNPAID_HOLD_MINUTES', env.UNPAID_HOLD_MINUTES, 60),
    fittingItemsMax: positiveInt('FITTING_ITEMS_MAX', env.FITTING_ITEMS_MAX, 5),
    unpaidPerShopper: positiveInt('UNPAID_ORDERS_PER_SHOPPER', env.UNPAID_ORDERS_PER_SHOPPER, 3),
    unpaidPerAddress: positiveInt('UNPAID_ORDERS_PER_ADDRESS', env.UNPAID_ORDERS_PER_ADDRESS, 25),
    sberbank,
    cdek: readCdek(env),
    vatRate: vatRateOf(env.VAT_RATE),
    receiptCompany: receiptCompanyOf(env, publicUrl),
    staffEmails: staffEmailsOf(env.STAFF_EMAILS),
    push: readPush(env, publicUrl),
    exchange,
    connections,
  };
}
