// The contract of the catalogue (spec §3 category preview, brand, offers; §7): categories, brands, colours,
// offer cards and their lists, the `data` filter, landing pages, filters, product pages and saved offers.
import { SORTS } from '../catalog-basics.ts';
import {
  array,
  assign,
  boolean,
  defaulted,
  enums,
  integer,
  min,
  nullable,
  object,
  optional,
  size,
  string,
  type,
  union,
  type Infer,
} from 'superstruct';
import { MAX_ID, PageQuery, Paged, id, jsonParam, queryInt } from './base.ts';

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

export { SORTS };
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

/** The `data` query parameter of a listing: its filter, as JSON. */
const FilterParam = optional(jsonParam(OfferFilter));

export const OffersQuery = assign(PageQuery, object({ data: FilterParam }));
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
  data: FilterParam,
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
  colors: array(assign(FilterOption, type({ hex: string() }))),
  brands: array(FilterOption),
  price: type({ min: integer(), max: integer() }),
  sort: array(type({ value: enums(SORTS), name: string() })),
});
export type Filters = Infer<typeof Filters>;
/** GET /v1/all/filters/{x}/?data=…: optional; the shopper's choices narrow the counts (each facet without its own). */
export const FiltersQuery = object({ data: FilterParam });

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
