// What every page shows around itself (the header's menu, the footer's organisation) and the URL's SEO
// record: asked for every page the route table knows, beside the page's own asks.
import { ask } from '../page-module.ts';

export const FRAME_ASKS = {
  organization: ask('organization'),
  previewCategories: ask('previewCategories'),
  brands: ask('brands'),
};

/** The SEO record of a page's path (GET /v1/get_seo/?url=…): its title, description, keywords and h1 win. */
export const seoAsk = (path: string) => ask('seo', { query: { url: path } });
