// The catalogue's fixed numbers and names, kept apart from the contract's structs so the route table and the
// page modules (in the page's first chunk) need none of them: the category roots, the page size, the sorts.

/** The 7 category roots, in menu order: the first segment of every category and product address. */
export const ROOTS = ['kupalniki', 'bele', 'odezhda', 'obuv', 'aksessuary', 'detskoe', 'muzhskoe'] as const;
export type Root = (typeof ROOTS)[number];

/** Offers and posts a page (spec §9). */
export const PAGE_SIZE = 24;

/** The orders a list of offers can be sorted in (`sort` of the filter). */
export const SORTS = ['popular', 'new', 'price_asc', 'price_desc', 'discount'] as const;
