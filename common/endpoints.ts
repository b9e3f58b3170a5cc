// The API's endpoint table of the shop (the manager's desk has its own, common/desk-endpoints.ts, so a
// shopper's page never downloads the desk's contract; common/endpoint-list.ts lists both): every route under the API base with its method and path (Fastify's notation,
// as the server registers it), what it takes and answers (the contract's structs; the kind of answer where
// it is a page, a redirect, text or a script, not JSON), whether its answer is the same for everyone
// ('public': cached) or one shopper's ('private': the server resolves who asks and sends it no-store), and
// whether the service worker may keep it for offline use. Everything that speaks HTTP is derived from it:
// the page's calls (src/api/client.ts `call`), the server's route registration with its request checks,
// headers and identity (server/http/endpoint-route.ts), the service worker's cache rules
// (isOfflineEndpoint), and the server test that holds the registered routes to it.
import type { Struct } from 'superstruct';
import { CART_FORM_PATH } from './cart-form.ts';
import {
  AddressDeleteRequest,
  AddressInput,
  AddressList,
  BonusLedger,
  ChangeInfoRequest,
  EmailQuery,
  MailingLinkQuery,
  UnsubscribeQuery,
  FavoriteIds,
  FavoritesRequest,
  LoginRequest,
  ResetCompleteRequest,
  ResetRequest,
  SessionList,
  RegistrationRequest,
  SocialLoginRequest,
  SocialProviderList,
  TokenResponse,
  User,
} from './contract/accounts.ts';
import { MessageBody, PageQuery } from './contract/base.ts';
import { CartAddForm, CartAddRequest, CartResponse, CartSuccess, CartUpdateRequest } from './contract/basket.ts';
import { PushEndpointRequest, PushKey, PushSettings, PushSettingsRequest, PushSubscriptionRequest } from './contract/push.ts';
import {
  BrandDetail,
  BrandList,
  CategoryDetail,
  CategoryList,
  CategoryPreviewList,
  ColorList,
  Filters,
  FiltersQuery,
  LandingAnswer,
  LandingQuery,
  OfferPage,
  OffersListRequest,
  OffersListResponse,
  OffersQuery,
  ProductOffer,
  ProductOfferQuery,
} from './contract/catalog.ts';
import { InfoPage, InstagramPostList, Post, PostPage, SendMessageRequest } from './contract/content.ts';
import { BannerList, ContainerBannerList, Integrations, Organization, SeoQuery, SeoResponse } from './contract/frame.ts';
import {
  BonusInfo,
  BonusRules,
  CheckCardRequest,
  CheckCardResponse,
  CheckDeliveryRequest,
  PickupPointsRequest,
  PickupPointsResponse,
  CheckDeliveryResponse,
  CitiesQuery,
  CityList,
  DeliveryCalcRequest,
  DeliveryCalcResponse,
  GiftCardDataRequest,
  GiftCardDataResponse,
  GiftCardPaymentRequest,
  GiftCardPaymentResponse,
  GiftCertificateList,
  OrderCreated,
  OrderDetail,
  OrderDetailRequest,
  OrderGuidRequest,
  OrderHistory,
  OrderInfoResponse,
  OrderPaymentResponse,
  OrderRequest,
  SberbankCallbackQuery,
  SberbankReturnQuery,
  PromoCodeRequest,
  PromoCodeResponse,
  RegionList,
  RegionsQuery,
} from './contract/orders.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What an address answers when it is not JSON: an HTML page, a redirect (3xx), plain text, a script. */
export type OtherAnswer = 'html' | 'redirect' | 'text' | 'script' | 'csv' | 'events' | 'pdf';

/** The names a path's parameters have: ":slug" names "slug", a trailing "*" names "*". */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : P extends `${string}*`
      ? '*'
      : never;

/** The values a path's parameters take, one string each (a "*" may hold slashes: "kupalniki/bikini"). */
export type PathParams<P extends string> = { [K in ParamNames<P>]: string };

/**
 * Who may call an entry and how it is cached: 'public' answers are the same for everyone (cached); 'private'
 * ones are one shopper's (the server resolves who asks, no-store); 'staff' ones are private and answer only
 * the shop's staff (STAFF_EMAILS): 401 to nobody signed in, 403 to a shopper.
 */
export type Access = 'public' | 'private' | 'staff';

export interface Endpoint<A = unknown, B = unknown, Q = unknown, P extends string = string> {
  method: Method;
  /** After the API base: "/v1/brands/:slug", "/v1/category/*". */
  path: P;
  query?: Struct<Q, unknown>;
  body?: Struct<B, unknown>;
  /** The JSON answer of a success, or the kind of answer that is not JSON. Failures answer `{ message }`. */
  answer: Struct<A, unknown> | OtherAnswer;
  access: Access;
  /** Public answers the service worker keeps (stale-while-revalidate) so the shop opens offline. */
  offline?: true;
}

/** What every entry has, whatever its structs: the view the derived rules and the tests iterate over. */
export interface EndpointInfo {
  method: Method;
  path: string;
  query?: unknown;
  body?: unknown;
  answer: unknown;
  access: Access;
  offline?: true;
}

/** One entry, typed by its own structs and path. */
export const endpoint = <A, B, Q, P extends string>(e: Endpoint<A, B, Q, P>): Endpoint<A, B, Q, P> => e;

const publicGet = <A, Q, P extends string>(path: P, answer: Struct<A, unknown>, query?: Struct<Q, unknown>) =>
  endpoint<A, unknown, Q, P>({ method: 'GET', path, answer, query, access: 'public', offline: true });

/** A private call that sends a body. */
const privateSend = <A, B, P extends string>(method: Method, path: P, body: Struct<B, unknown>, answer: Struct<A, unknown>) =>
  endpoint<A, B, unknown, P>({ method, path, body, answer, access: 'private' });

/** A private call without a body. */
const privateCall = <A, P extends string>(method: Method, path: P, answer: Struct<A, unknown>) =>
  endpoint<A, unknown, unknown, P>({ method, path, answer, access: 'private' });

/** A private address that answers a page, a redirect or text rather than JSON. */
const privatePage = <P extends string, Q = unknown>(method: Method, path: P, answer: OtherAnswer, query?: Struct<Q, unknown>) =>
  endpoint<unknown, unknown, Q, P>({ method, path, answer, query, access: 'private' });

export const ENDPOINTS = {
  // The frame and content
  organization: publicGet('/v1/organization', Organization),
  integrations: endpoint({ method: 'GET', path: '/v1/integrations', answer: Integrations, access: 'public' }),
  banners: publicGet('/v1/banner', BannerList),
  containerBanners: publicGet('/v1/containerbanners', ContainerBannerList),
  seo: publicGet('/v1/get_seo/', SeoResponse, SeoQuery),
  blog: publicGet('/v1/blog', PostPage, PageQuery),
  blogPost: publicGet('/v1/blog/:id', Post),
  news: publicGet('/v1/news', PostPage, PageQuery),
  newsPost: publicGet('/v1/news/:id', Post),
  infoPage: publicGet('/v1/about/:path', InfoPage),
  instagram: publicGet('/v1/instagramm_posts', InstagramPostList),
  sendMessage: endpoint({ method: 'POST', path: '/v1/send_message/', body: SendMessageRequest, answer: MessageBody, access: 'public' }),

  // The catalogue
  categories: publicGet('/v1/categories', CategoryList),
  previewCategories: publicGet('/v1/preview_category/', CategoryPreviewList),
  category: publicGet('/v1/category/*', CategoryDetail),
  brands: publicGet('/v1/brands', BrandList),
  brand: publicGet('/v1/brands/:slug', BrandDetail),
  colors: publicGet('/v1/color', ColorList),
  offers: publicGet('/v1/offers/', OfferPage, OffersQuery),
  offersInScope: publicGet('/v1/offers/:scope/', OfferPage, OffersQuery),
  landingPage: publicGet('/v1/landing_page/:slug', LandingAnswer, LandingQuery),
  searchEmpty: publicGet('/v1/search', OfferPage, OffersQuery),
  search: publicGet('/v1/search/*', OfferPage, OffersQuery),
  filters: publicGet('/v1/all/filters/*', Filters, FiltersQuery),
  productOffer: publicGet('/v1/product_offer/', ProductOffer, ProductOfferQuery),
  offersList: endpoint({
    method: 'POST',
    path: '/v1/offers_list/',
    body: OffersListRequest,
    answer: OffersListResponse,
    access: 'public',
  }),

  // Gift certificates and cards
  certificates: publicGet('/v1/gift/certificates/', GiftCertificateList),
  giftCardData: endpoint({
    method: 'POST',
    path: '/v1/gift/card/data/',
    body: GiftCardDataRequest,
    answer: GiftCardDataResponse,
    access: 'public',
  }),
  checkCard: privateSend('POST', '/v1/check_card/', CheckCardRequest, CheckCardResponse),
  giftCardPayment: privateSend('POST', '/v1/giftcardpayment/', GiftCardPaymentRequest, GiftCardPaymentResponse),

  // Places and delivery
  regions: publicGet('/v1/regions/', RegionList, RegionsQuery),
  cities: publicGet('/v1/cities/', CityList, CitiesQuery),
  deliveryCalc: privateSend('POST', '/v1/cdek_calc/', DeliveryCalcRequest, DeliveryCalcResponse),
  checkDelivery: privateSend('POST', '/v1/check_delivery/', CheckDeliveryRequest, CheckDeliveryResponse),
  /** The carrier's pickup points of a city (none when the shop delivers by its own tariff table). */
  pickupPoints: privateSend('POST', '/v1/pickup_points/', PickupPointsRequest, PickupPointsResponse),

  // The basket
  cart: privateCall('GET', '/v2/cart/', CartSuccess),
  cartAdd: privateSend('POST', '/v2/cart/', CartAddRequest, CartResponse),
  cartUpdate: privateSend('PUT', '/v2/cart/:item_uuid/', CartUpdateRequest, CartResponse),
  cartRemove: privateCall('DELETE', '/v2/cart/:item_uuid/', CartResponse),
  cartEmpty: privateCall('DELETE', '/v2/cart/', CartResponse),
  /** The product page's form sent by the browser itself: adds, then 303 to the basket page (or a page saying why not). */
  cartAddForm: endpoint({ method: 'POST', path: CART_FORM_PATH, body: CartAddForm, answer: 'redirect', access: 'private' }),

  // Discounts, orders and payment
  promoCode: privateSend('POST', '/v1/promo_code/', PromoCodeRequest, PromoCodeResponse),
  bonus: privateCall('GET', '/v1/bonus/', BonusInfo),
  bonusRules: privateCall('GET', '/v1/bonus/rules/', BonusRules),
  bonusHistory: privateCall('GET', '/v1/bonus/history/', BonusLedger),
  orderV2: privateSend('POST', '/v2/order/', OrderRequest, OrderCreated),
  orderV1: privateSend('POST', '/v1/order/', OrderRequest, OrderCreated),
  orderInfo: privateSend('POST', '/v1/get_order_info/', OrderGuidRequest, OrderInfoResponse),
  orderPayment: privateSend('POST', '/v1/order_payment/', OrderGuidRequest, OrderPaymentResponse),
  testPaymentPage: privatePage('GET', '/payments/test/:id', 'html'),
  testPaymentPay: privatePage('POST', '/payments/test/:id/pay', 'redirect'),
  testPaymentCancel: privatePage('POST', '/payments/test/:id/cancel', 'redirect'),
  // Sberbank's acquiring: where its form sends the buyer back, and where it announces a settled payment.
  sberbankReturn: privatePage('GET', '/payments/sberbank/return', 'redirect', SberbankReturnQuery),
  sberbankCallback: privatePage('GET', '/payments/sberbank/callback', 'text', SberbankCallbackQuery),
  orderHistory: privateCall('GET', '/v1/history_order_preview/', OrderHistory),
  orderDetail: privateSend('POST', '/v1/history_order_detail/', OrderDetailRequest, OrderDetail),

  // Accounts
  /** Registration (the spec calls its address sign_in). */
  register: privateSend('POST', '/v1/sign_in/', RegistrationRequest, TokenResponse),
  logIn: privateSend('POST', '/v1/auth/', LoginRequest, TokenResponse),
  /** Signed in: revokes the token it was sent with, and clears the session's cookies. */
  logOut: privateCall('POST', '/v1/logout/', MessageBody),
  reset: privateSend('POST', '/v1/reset/', ResetRequest, MessageBody),
  resetComplete: privateSend('POST', '/v1/reset/complite/', ResetCompleteRequest, MessageBody),
  subscribe: endpoint({ method: 'GET', path: '/v1/subscribe/', query: EmailQuery, answer: MessageBody, access: 'private' }),
  unsubscribe: endpoint({ method: 'GET', path: '/v1/unsubscribe/', query: UnsubscribeQuery, answer: MessageBody, access: 'private' }),
  // The pages of mailed links: each GET shows a button whose form POSTs to the same address, so a mail
  // scanner that opens links changes nothing.
  mailingConfirmPage: privatePage('GET', '/v1/mailing/confirm/', 'html', MailingLinkQuery),
  mailingConfirm: privatePage('POST', '/v1/mailing/confirm/', 'html', MailingLinkQuery),
  mailingCancelPage: privatePage('GET', '/v1/mailing/cancel/', 'html', MailingLinkQuery),
  mailingCancel: privatePage('POST', '/v1/mailing/cancel/', 'html', MailingLinkQuery),
  emailChangePage: privatePage('GET', '/v1/email/confirm/:token', 'html'),
  emailChangeConfirm: privatePage('POST', '/v1/email/confirm/:token', 'html'),
  user: privateCall('GET', '/v1/get_user/', User),
  sessions: privateCall('GET', '/v1/sessions/', SessionList),
  endOtherSessions: privateCall('POST', '/v1/sessions/end_others/', MessageBody),
  userByPost: privateCall('POST', '/v1/get_user/', User),
  changeInfo: privateSend('PUT', '/v1/changeinfo/', ChangeInfoRequest, User),
  addresses: privateCall('GET', '/v1/user_address/', AddressList),
  addAddress: privateSend('POST', '/v1/user_address/', AddressInput, AddressList),
  changeAddress: privateSend('PUT', '/v1/user_address/', AddressInput, AddressList),
  deleteAddress: privateSend('POST', '/v1/user_address_delete/', AddressDeleteRequest, AddressList),
  favorites: privateCall('GET', '/v1/favorites/', FavoriteIds),
  addFavorites: privateSend('POST', '/v1/favorites/', FavoritesRequest, FavoriteIds),
  replaceFavorites: privateSend('PUT', '/v1/favorites/', FavoritesRequest, FavoriteIds),
  socialProviders: privateCall('GET', '/v1/auth/providers/', SocialProviderList),
  socialLogin: privateSend('POST', '/auth/:provider', SocialLoginRequest, TokenResponse),
  socialCallback: privatePage('GET', '/auth/:provider/callback', 'html'),
  // Web Push: the shop's key, this device's subscription (with the favourites it watches) and its settings.
  pushKey: endpoint({ method: 'GET', path: '/v1/push/key', answer: PushKey, access: 'public' }),
  pushSubscribe: privateSend('PUT', '/v1/push/subscription', PushSubscriptionRequest, PushSettings),
  pushUnsubscribe: privateSend('DELETE', '/v1/push/subscription', PushEndpointRequest, MessageBody),
  pushSettings: privateSend('PUT', '/v1/push/settings', PushSettingsRequest, PushSettings),

  socialCallbackScript: endpoint({ method: 'GET', path: '/auth/callback.js', answer: 'script', access: 'public' }),
};

/** A path of the table as a RegExp over the part after the API base (":x" one segment, "*" the rest). */
function pathPattern(path: string): RegExp {
  const body = path
    .replace(/\/+$/, '')
    .split('/')
    .map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${body}/?$`);
}

const OFFLINE = (Object.values(ENDPOINTS) as EndpointInfo[])
  .filter((e) => e.offline && e.method === 'GET' && e.access === 'public')
  .map((e) => pathPattern(e.path));

/** Whether a GET of this path (after the API base) is one the service worker keeps for offline use. */
export function isOfflineEndpoint(pathAfterBase: string): boolean {
  return OFFLINE.some((re) => re.test(pathAfterBase));
}

const encodeSegments = (value: string) => value.split('/').map(encodeURIComponent).join('/');

/**
 * An entry's path with its parameters filled in: ":x" encoded as one segment, "*" segment by segment so a
 * category path keeps its slashes ("/v1/category/*" + "kupalniki/bikini").
 */
export function endpointPath<P extends string>(path: P, params: PathParams<P>): string {
  const values = params as Record<string, string>;
  return path
    .split('/')
    .map((part) => (part === '*' ? encodeSegments(values['*']) : part.startsWith(':') ? encodeURIComponent(values[part.slice(1)]) : part))
    .join('/');
}

/** A query in the URL: each value as text, objects (the `data` filter) as JSON; undefined values left out. */
export function queryString(query: Record<string, unknown> | undefined): string {
  const pairs = Object.entries(query ?? {})
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(typeof v === 'object' ? JSON.stringify(v) : String(v))}`);
  return pairs.length ? `?${pairs.join('&')}` : '';
}

/** What a call of an entry takes: its path's parameters, its query and its body, each only when it has one. */
export type CallInput<B, Q, P extends string> = (keyof PathParams<P> extends never ? { params?: undefined } : { params: PathParams<P> }) &
  (unknown extends Q ? { query?: undefined } : { query: Q }) &
  (unknown extends B ? { body?: undefined } : { body: B });
