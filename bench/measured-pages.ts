// The pages the bench measures as a phone's first visit (the Lighthouse section) and by their initial JS
// (the bundle section): each with its address (a product page's is found at run time) and the page's
// source, by which the build's manifest names its chunk.
export interface MeasuredPage {
  label: string;
  /** The address, or null for the seed's first product (its address depends on the seed). */
  path: string | null;
  src: string;
}

export const MEASURED_PAGES: readonly MeasuredPage[] = [
  { label: '/', path: '/', src: 'src/features/catalog/HomePage.tsx' },
  { label: '/kupalniki', path: '/kupalniki', src: 'src/features/catalog/ListingPage.tsx' },
  { label: 'a product page', path: null, src: 'src/features/product/ProductPage.tsx' },
  { label: '/blog', path: '/blog', src: 'src/features/content/PostListPage.tsx' },
  { label: '/basket', path: '/basket', src: 'src/features/basket/BasketPage.tsx' },
];
