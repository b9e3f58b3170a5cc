// The one contract between the app and the API server (spec §7, docs/architecture.md "The contract"): a superstruct
// struct for every request payload and every response body. The server validates requests with these; the
// app validates responses with them. Paths and field names are §7's; where §7 shows no shape, it is defined
// here once. DOM-free: imported by the page, the worker, the service worker's tests and the server.
import {
  array,
  assign,
  boolean,
  coerce,
  defaulted,
  enums,
  integer,
  literal,
  min,
  max,
  nullable,
  number,
  object,
  optional,
  size,
  string,
  trimmed,
  type,
  union,
  type Infer,
  type Struct,
} from 'superstruct';
import { explained } from './validate.ts';

export const PAGE_SIZE = 24; // spec §9

// Building blocks -------------------------------------------------------------------------------------

/** A query-string integer ("24" -> 24); anything else fails validation. */
const queryInt = (lo: number, hi: number) => coerce(min(max(integer(), hi), lo), string(), (v) => (/^-?\d+$/.test(v) ? Number(v) : v));

/** A JSON object sent in a query parameter (the `data` filter of §7), parsed then validated. */
const jsonParam = <T, S>(struct: Struct<T, S>) =>
  coerce(struct, string(), (v) => {
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return v; // left as a string, so the struct rejects it
    }
  });

const text = (lo: number, hi: number) => size(trimmed(string()), lo, hi);
const email = () => size(trimmed(string()), 3, 254);
/** A row id: a positive int4 (a larger number is a 400, never a failed query). */
/** The largest row id (int4): a larger one is refused before any query. */
export const MAX_ID = 2_147_483_647;
const id = () => min(max(integer(), MAX_ID), 1);

export const Paged = <T, S>(item: Struct<T, S>) => type({ count: min(integer(), 0), results: array(item) });
export type Paged<T> = { count: number; results: T[] };

export const PageQuery = object({
  limit: defaulted(queryInt(1, 100), PAGE_SIZE),
  offset: defaulted(queryInt(0, 1_000_000), 0),
});

export const ErrorBody = type({ message: string() });
export type ErrorBody = Infer<typeof ErrorBody>;

export const MessageBody = type({ message: string() });

// Organization and frame (§3, docs/architecture.md) --------------------------------------------------

export const Organization = type({
  phone: string(),
  phone_chats: string(),
  promocode: string(),
  logo: string(),
  link_vk: string(),
  link_inst: string(),
  link_telegram: string(),
  link_whatsapp: string(),
});
export type Organization = Infer<typeof Organization>;

/** GET /v1/integrations: the third-party scripts this shop is configured with (null: not used). */
export const Integrations = type({
  analytics_counter_id: nullable(string()),
  analytics_script_url: string(),
  delivery_widget_url: nullable(string()),
});
export type Integrations = Infer<typeof Integrations>;

export const Banner = type({ id: integer(), title: string(), subtitle: string(), image: string(), link: string() });
export type Banner = Infer<typeof Banner>;
export const BannerList = array(Banner);

export const ContainerBanner = type({ id: integer(), title: string(), image: string(), link: string() });
export type ContainerBanner = Infer<typeof ContainerBanner>;
export const ContainerBannerList = array(ContainerBanner);

export const SeoQuery = object({ url: size(string(), 1, 500) });
export const SeoRecord = type({
  url: string(),
  title: string(),
  description: string(),
  keywords: string(),
  h1_tag: string(),
});
export type SeoRecord = Infer<typeof SeoRecord>;
/** GET /v1/get_seo/: null when the URL has no record (the title table applies then). */
export const SeoResponse = nullable(SeoRecord);

// Catalogue (§3 category preview, brand, offers) ------------------------------------------------------

export const Category = type({
  id: integer(),
  path: string(), // "kupalniki/slitnye", no leading slash
  slug: string(),
  name: string(),
  depth: integer(),
  parent_path: nullable(string()),
});
export type Category = Infer<typeof Category>;
export const CategoryList = array(Category);

export const CategoryLink = type({ path: string(), slug: string(), name: string() });
export type CategoryLink = Infer<typeof CategoryLink>;
export const SubCategory = type({
  path: string(),
  slug: string(),
  name: string(),
  subcategories: array(CategoryLink),
});
export type SubCategory = Infer<typeof SubCategory>;
/** A root of the menu: its direct subcategories (with their children) and every descendant, for names. */
export const CategoryPreview = type({
  path: string(),
  slug: string(),
  name: string(),
  subcategories: array(SubCategory),
  allCategories: array(CategoryLink),
});
export type CategoryPreview = Infer<typeof CategoryPreview>;
export const CategoryPreviewList = array(CategoryPreview);

export const Brand = type({ slug: string(), name: string(), in_menu: boolean() });
export type Brand = Infer<typeof Brand>;
export const BrandList = array(Brand);
/** GET /v1/brands/{slug}: the brand page's head (its offers come from /v1/offers/ with data.brands). */
export const BrandDetail = type({ slug: string(), name: string(), description: string(), country: string() });
export type BrandDetail = Infer<typeof BrandDetail>;

export const Color = type({ slug: string(), name: string(), hex: string() });
export type Color = Infer<typeof Color>;
export const ColorList = array(Color);

export const ImageRef = type({ image: string(), is_main: boolean() });
export type ImageRef = Infer<typeof ImageRef>;

/** An offer card of every list: what a shopper sees before opening the product. */
export const Offer = type({
  id: integer(),
  slug: string(),
  name: string(),
  brand: type({ slug: string(), name: string() }),
  price: integer(),
  old_price: nullable(integer()),
  discount: integer(), // percent, 0 without an old price
  is_new: boolean(),
  is_sale: boolean(),
  images: array(ImageRef),
  full_path_offer: string(), // "/kupalniki/bikini/123/slug"
  colors: array(Color),
  sizes: array(string()),
});
export type Offer = Infer<typeof Offer>;
export const OfferPage = Paged(Offer);
export type OfferPage = Paged<Offer>;

export const SORTS = ['popular', 'new', 'price_asc', 'price_desc', 'discount'] as const;
export type Sort = (typeof SORTS)[number];

const slugList = () => size(array(size(string(), 1, 200)), 0, 50);
/** The `data` filter of offers, landing pages, search and filters (§7). */
export const OfferFilter = object({
  categories: optional(slugList()),
  brands: optional(slugList()),
  colors: optional(slugList()),
  sizes: optional(slugList()),
  tags: optional(slugList()),
  price_min: optional(min(integer(), 0)),
  price_max: optional(min(integer(), 0)),
  sort: optional(enums(SORTS)),
});
export type OfferFilter = Infer<typeof OfferFilter>;

export const OffersQuery = object({
  limit: defaulted(queryInt(1, 100), PAGE_SIZE),
  offset: defaulted(queryInt(0, 1_000_000), 0),
  data: optional(jsonParam(OfferFilter)),
});
export type OffersQuery = Infer<typeof OffersQuery>;

export const CategoryDetail = type({
  path: string(),
  name: string(),
  depth: integer(),
  children: array(CategoryLink),
  tags: array(type({ slug: string(), name: string() })),
  breadcrumbs: array(CategoryLink),
});
export type CategoryDetail = Infer<typeof CategoryDetail>;

/** GET /v1/landing_page/{x}: the landing's head; with limit/offset/data it answers an OfferPage instead. */
export const LandingPage = type({ slug: string(), title: string(), description: string(), filter: OfferFilter });
export type LandingPage = Infer<typeof LandingPage>;
/** GET /v1/landing_page/{x}: without `limit` the landing's head, with it a page of its offers (§7). */
export const LandingQuery = object({
  limit: optional(queryInt(1, 100)),
  offset: defaulted(queryInt(0, 1_000_000), 0),
  data: optional(jsonParam(OfferFilter)),
});
export const LandingAnswer = union([LandingPage, OfferPage]);

export const FilterOption = type({ value: string(), name: string(), count: integer() });
/**
 * GET /v1/all/filters/{x}/: the facets of one listing, counted over the offers in its scope. x names the
 * scope: "all", "new", "sale", a category path ("kupalniki/bikini"), "brand/<slug>", "landing/<slug>" or
 * "search/<query>".
 */
export const Filters = type({
  sizes: array(FilterOption),
  colors: array(type({ value: string(), name: string(), hex: string(), count: integer() })),
  brands: array(FilterOption),
  price: type({ min: integer(), max: integer() }),
  sort: array(type({ value: enums(SORTS), name: string() })),
});
export type Filters = Infer<typeof Filters>;
/** GET /v1/all/filters/{x}/?data=…: optional; the shopper's choices narrow the counts (each facet without its own). */
export const FiltersQuery = object({ data: optional(jsonParam(OfferFilter)) });

export const Variant = type({
  ext_id: string(),
  kind: enums(['size', 'top', 'bottom'] as const),
  size: string(),
  color: Color,
  stock: integer(),
});
export type Variant = Infer<typeof Variant>;

export const ProductOfferQuery = object({
  categoryPath: size(string(), 1, 300),
  slug: optional(size(string(), 0, 300)),
  pk: queryInt(1, MAX_ID),
});
export const ProductOffer = type({
  offer: Offer,
  description: string(),
  composition: string(),
  is_set: boolean(),
  category_path: string(), // the product's own category, "muzhskoe/odezhda/futbolki/odnotonnye"
  breadcrumbs: array(CategoryLink), // root first, down to the product's category
  variants: array(Variant),
  related: array(Offer),
});
export type ProductOffer = Infer<typeof ProductOffer>;

/** POST /v1/offers_list/: the saved offers of favourites, read from `response`. */
export const OffersListRequest = object({ ext_id: size(array(id()), 0, 500) });
export const OffersListResponse = type({ response: array(Offer), excluded: array(integer()) });

// Basket (§3 basket item, docs/architecture.md) ----------------------------------------------------

const Feature = type({ name: string() });
export const BasketItem = type({
  item_uuid: string(),
  quantity: integer(),
  price: integer(),
  ext_id: string(),
  product: type({
    name: string(),
    brand: string(),
    price: integer(),
    images: array(ImageRef),
    full_path_offer: string(),
  }),
  feature: optional(Feature),
  featuretop: optional(Feature),
  featurebot: optional(Feature),
});
export type BasketItem = Infer<typeof BasketItem>;
export const CartSuccess = type({ status: literal('success'), cart: array(BasketItem) });
export const CartError = type({ status: literal('error'), message: string() });
export const CartResponse = union([CartSuccess, CartError]);
export type CartResponse = Infer<typeof CartResponse>;
/** A basket line's quantity: below 1 is refused in the basket's own words (spec §4: no call is made for it). */
export const BASKET_QUANTITY_MESSAGE = 'Количество должно быть не меньше 1';
const lineQuantity = () => explained(max(integer(), 99), (q) => q >= 1, BASKET_QUANTITY_MESSAGE);
export const CartAddRequest = object({ ext_id: size(string(), 1, 100), quantity: defaulted(lineQuantity(), 1) });
export const CartUpdateRequest = object({ quantity: lineQuantity(), item_uuid: optional(string()) });

// Accounts (§3 user, §5 rules are checked by common/validation.ts on both sides) ----------------------------

export const LoginRequest = object({ username: email(), password: size(string(), 1, 200) });
export const TokenResponse = type({ token: string() });
export const SignInRequest = object({
  name: optional(size(string(), 0, 200)),
  full_name: text(1, 200),
  email: email(),
  phone: optional(size(string(), 0, 30)),
  password_one: size(string(), 1, 200),
  password_two: size(string(), 1, 200),
});
export type SignInRequest = Infer<typeof SignInRequest>;
export const User = type({
  email: nullable(string()),
  phone: string(),
  first_name: string(),
  last_name: string(),
  second_name: string(),
  full_name: string(),
  /** Whether the user's e-mail gets the mailing (/send). */
  subscribed: boolean(),
});
export type User = Infer<typeof User>;
/** POST /v1/logout/ (signed in): revokes the token it was sent with. */
export const ChangeInfoRequest = object({
  first_name: text(0, 100),
  middle_name: text(0, 100),
  last_name: text(0, 100),
  email: email(),
  phone: optional(size(string(), 0, 30)),
  password_one: optional(size(string(), 0, 200)),
  password_two: optional(size(string(), 0, 200)),
});
export type ChangeInfoRequest = Infer<typeof ChangeInfoRequest>;
export const AddressInput = object({
  id: optional(id()),
  region_id: optional(nullable(id())),
  city_id: optional(nullable(id())),
  city: text(1, 100),
  street: text(1, 200),
  house: text(1, 20),
  flat: optional(text(0, 20)),
  postcode: optional(text(0, 10)),
  comment: optional(text(0, 500)),
  is_default: optional(boolean()),
});
export type AddressInput = Infer<typeof AddressInput>;
export const Address = type({
  id: integer(),
  region_id: nullable(integer()),
  city_id: nullable(integer()),
  city: string(),
  street: string(),
  house: string(),
  flat: string(),
  postcode: string(),
  comment: string(),
  is_default: boolean(),
});
export type Address = Infer<typeof Address>;
export const AddressList = array(Address);
export const AddressDeleteRequest = object({ id: id() });
export const ResetRequest = object({ email: email() });
export const ResetCompleteRequest = object({
  password_one: size(string(), 1, 200),
  password_two: size(string(), 1, 200),
  token: size(string(), 1, 200),
});
export const EmailQuery = object({ email: email() });
export const SocialLoginRequest = object({ code: size(string(), 1, 2000), redirect_uri: optional(string()) });
export const SocialLoginResponse = type({ token: string() });
export const SOCIAL_PROVIDERS = ['vk-oauth2', 'facebook', 'instagram'] as const;
export type SocialProviderName = (typeof SOCIAL_PROVIDERS)[number];
/** GET /v1/auth/providers/: the configured social providers; authorize_url already carries client_id and
 * redirect_uri (the server's /api/auth/{provider}/callback), the app appends &state=. */
export const SocialProvider = type({ provider: enums(SOCIAL_PROVIDERS), name: string(), authorize_url: string() });
export const SocialProviderList = array(SocialProvider);
/** Favourites of a signed-in user, kept on the server too so they follow the user to another device:
 * GET /v1/favorites/ answers them; POST /v1/favorites/ { ids } adds ids (union, at login); PUT replaces. */
export const FavoriteIds = type({ ids: array(integer()) });
export const FavoritesRequest = object({ ids: size(array(id()), 0, 500) });
export const BONUS_KINDS = ['accrual', 'spend', 'expire', 'welcome'] as const;
/** GET /v1/bonus/history/ (signed in): the ledger, newest first. */
export const BonusEntry = type({
  id: integer(),
  kind: enums(BONUS_KINDS),
  amount: integer(),
  created_at: string(),
  expires_at: nullable(string()),
  order_number: nullable(string()),
});
export type BonusEntry = Infer<typeof BonusEntry>;
export const BonusLedger = array(BonusEntry);

// Orders, delivery, payments, gift cards ---------------------------------------------------------------

export const Region = type({ id: integer(), name: string() });
export const RegionList = array(Region);
export const City = type({ id: integer(), name: string(), region_id: integer(), region: string() });
export type City = Infer<typeof City>;
export const CityList = array(City);
export const RegionsQuery = object({ data: optional(jsonParam(object({ q: optional(size(string(), 0, 100)) }))) });
export const CitiesQuery = object({
  data: optional(jsonParam(object({ q: optional(size(string(), 0, 100)), region_id: optional(id()) }))),
});

export const DELIVERY_METHODS = ['courier', 'pickup'] as const;
export const DeliveryCalcRequest = object({ city_id: id(), method: optional(enums(DELIVERY_METHODS)), sum: optional(min(integer(), 0)) });
export const DeliveryOption = type({
  method: enums(DELIVERY_METHODS),
  name: string(),
  price: integer(),
  days_min: integer(),
  days_max: integer(),
});
export const DeliveryCalcResponse = type({ options: array(DeliveryOption) });
export const CheckDeliveryRequest = object({ city_id: id() });
export const CheckDeliveryResponse = type({ courier: boolean(), pickup: boolean() });

export const PromoCodeRequest = object({ code: text(1, 50), sum: optional(min(integer(), 0)) });
export const PromoCodeResponse = type({ code: string(), discount: integer(), message: string() });
export const CheckCardRequest = object({ code: text(1, 50) });
export const CheckCardResponse = type({ code: string(), balance: integer(), expires_at: string() });
export const GiftCardDataRequest = object({ ext_id: size(string(), 1, 100) });
export const GiftCertificate = type({
  slug: string(),
  ext_id: string(),
  name: string(),
  nominal: integer(),
  description: string(),
  image: string(),
});
export type GiftCertificate = Infer<typeof GiftCertificate>;
export const GiftCertificateList = array(GiftCertificate);
export const GiftCardDataResponse = type({ response: GiftCertificate });

export const Buyer = object({ fio: text(1, 200), email: email(), phone: size(string(), 10, 30) });
export type Buyer = Infer<typeof Buyer>;
export const OrderRequest = object({
  buyer: optional(Buyer),
  region_id: id(),
  city_id: id(),
  address: optional(text(0, 500)),
  address_id: optional(id()),
  delivery_method: enums(DELIVERY_METHODS),
  promo_code: optional(text(0, 50)),
  gift_card: optional(text(0, 50)),
  bonus: optional(min(integer(), 0)),
  comment: optional(text(0, 1000)),
  /** v1 compatibility: a client that sends its own lines; prices in them are ignored. */
  items: optional(array(object({ ext_id: string(), quantity: min(integer(), 1), price: optional(number()) }))),
});
export type OrderRequest = Infer<typeof OrderRequest>;
/** total: the order's whole cost; due: what is left to pay after gift cards (0: paid). */
export const OrderCreated = type({ guid: string(), number: string(), total: integer(), due: integer() });
export const OrderLine = type({
  name: string(),
  brand: string(),
  size: string(),
  color: string(),
  image: string(),
  price: integer(),
  quantity: integer(),
});
export const OrderStatus = type({ status: string(), created_at: string() });
export const OrderInfo = type({
  guid: string(),
  number: string(),
  status: string(),
  payment_status: string(),
  created_at: string(),
  items_json: array(OrderLine),
  items_sum: integer(),
  delivery_method: string(),
  delivery_price: integer(),
  /** promo_discount + bonus_spent */
  discount: integer(),
  promo_discount: integer(),
  bonus_spent: integer(),
  total: integer(),
  gift_card_amount: integer(),
  /** What is left to pay: total - gift_card_amount. */
  due: integer(),
  city: string(),
  address: string(),
  history: array(OrderStatus),
});
export type OrderInfo = Infer<typeof OrderInfo>;
export const OrderGuidRequest = object({ guid: size(string(), 1, 64) });
export const OrderInfoResponse = type({ order_info: OrderInfo });
export const OrderPreview = type({
  pk: integer(),
  number: string(),
  created_at: string(),
  status: string(),
  total: integer(),
  count: integer(),
});
export const OrderHistory = array(OrderPreview);
export const OrderDetailRequest = object({ pk: id() });
export const OrderDetail = type({ pk: integer(), order_info: OrderInfo, history: array(type({ status: string(), created_at: string() })) });
export const OrderPaymentResponse = type({ payment_url: string() });
export const GiftCardPaymentRequest = object({ guid: size(string(), 1, 64), code: text(1, 50) });
/** paid: taken from the card now; balance: left on the card; total: the order's cost; due: left to pay. */
export const GiftCardPaymentResponse = type({
  paid: integer(),
  balance: integer(),
  total: integer(),
  due: integer(),
  payment_status: string(),
});
/** GET /v1/bonus/ (signed in): the points that may be spent now and the programme's rules. */
export const BonusInfo = type({
  balance: integer(),
  accrual_percent: integer(),
  max_share_percent: integer(),
  lifetime_days: integer(),
});
/** GET /v1/bonus/rules/ (public): the programme's rules alone, so a visitor can read /rules-discount. */
export const BonusRules = type({
  accrual_percent: integer(),
  max_share_percent: integer(),
  lifetime_days: integer(),
});
export type BonusRules = Infer<typeof BonusRules>;

// Content ---------------------------------------------------------------------------------------------

export const PostPreview = type({
  id: integer(),
  slug: string(),
  title: string(),
  preview: string(),
  image: string(),
  published_at: string(),
});
export type PostPreview = Infer<typeof PostPreview>;
export const PostPage = Paged(PostPreview);
export const Post = assign(PostPreview, type({ body_html: string() }));
export type Post = Infer<typeof Post>;
export const InfoPage = type({ path: string(), title: string(), body_html: string() });
export type InfoPage = Infer<typeof InfoPage>;
export const InstagramPost = type({ id: integer(), image: string(), caption: string(), link: string() });
export type InstagramPost = Infer<typeof InstagramPost>;
export const InstagramPostList = array(InstagramPost);
export const SendMessageRequest = object({
  /** page: where the shopper was when they wrote (the app sends its path). */
  messageFeedback: object({ message: text(1, 5000), contactData: text(1, 200), page: optional(text(0, 500)) }),
});
