// The head of a listing: its title, description, breadcrumbs and the links under the title (a category's
// subcategories and tags), from the scope's detail (GET /v1/category/{path}, /v1/brands/{slug},
// /v1/landing_page/{x}: the listing's page modules ask for it, common/listing-scope.ts).
import type { BrandDetail, CategoryDetail, LandingPage } from '../../../common/contract/catalog.ts';
import type { Loaded } from '../../components/use-load.ts';
import { categoryCrumbs, HOME_CRUMB, type Crumb, type NamedTree } from '../../lib/breadcrumbs.ts';
import { href, routeTitle } from '../../../common/routes.ts';
import { searchTitle } from '../../../common/pages/listing.ts';
import { useCatalog } from '../../state/catalog.ts';
import type { ListingDetail, ListingScope } from '../../../common/listing-scope.ts';

export interface ListingHead {
  title: string;
  description: string;
  crumbs: Crumb[];
  links: Crumb[];
  tagName?: string;
  error: unknown;
}

export function useListingHead(scope: ListingScope | null, detail: Loaded<ListingDetail>): ListingHead {
  const previews = useCatalog().previewCategories.data;
  const base = { description: '', links: [] as Crumb[], error: detail.error };
  if (!scope) return { ...base, title: '', crumbs: [HOME_CRUMB] };
  switch (scope.kind) {
    case 'new':
    case 'sale':
      return { ...base, title: routeTitle(scope.kind), crumbs: [HOME_CRUMB, { label: routeTitle(scope.kind), href: href(scope.kind) }] };
    case 'search':
      return {
        ...base,
        title: scope.query ? searchTitle(scope.query) : routeTitle('search'),
        crumbs: [HOME_CRUMB, { label: routeTitle('search'), href: href('search') }],
      };
    case 'brand': {
      const b = detail.data as BrandDetail | undefined;
      return {
        ...base,
        title: b?.name ?? '',
        description: b?.description ?? '',
        crumbs: [
          HOME_CRUMB,
          { label: routeTitle('brands'), href: href('brands') },
          ...(b ? [{ label: b.name, href: href('brands-slug', { slug: b.slug }) }] : []),
        ],
      };
    }
    case 'landing': {
      const l = detail.data as LandingPage | undefined;
      return {
        ...base,
        title: l?.title ?? '',
        description: l?.description ?? '',
        crumbs: [HOME_CRUMB, ...(l ? [{ label: l.title, href: href('podborka', { slug: l.slug }) }] : [])],
      };
    }
    case 'category':
      return categoryHead(scope, detail.data as CategoryDetail | undefined, previews, base);
  }
}

function categoryHead(
  scope: Extract<ListingScope, { kind: 'category' }>,
  c: CategoryDetail | undefined,
  previews: NamedTree,
  base: Omit<ListingHead, 'title' | 'crumbs'>,
): ListingHead {
  const fromPreviews = categoryCrumbs(scope.path, previews);
  const crumbs =
    fromPreviews.length > 1 || !c ? fromPreviews : [HOME_CRUMB, ...c.breadcrumbs.map((b) => ({ label: b.name, href: `/${b.path}` }))];
  const tag = c?.tags.find((t) => t.slug === scope.tag);
  const links = c
    ? [
        ...c.children.map((ch) => ({ label: ch.name, href: `/${ch.path}` })),
        ...c.tags.map((t) => ({ label: `#${t.name}`, href: `/${scope.path}/tag/${t.slug}` })),
      ]
    : [];
  return { ...base, title: c?.name ?? crumbs[crumbs.length - 1]?.label ?? '', crumbs, links, tagName: tag?.name };
}
