// The two post kinds of the shop (spec §2 /blog and /news): their names, routes and breadcrumbs.
import type { ContentKind } from '../../../common/pages/content.ts';
import { HOME_CRUMB, type Crumb } from '../../lib/breadcrumbs.ts';
import { href, routeTitle } from '../../../common/routes.ts';

export const kindLabel = (kind: ContentKind) => routeTitle(kind);
export const kindCrumbs = (kind: ContentKind): Crumb[] => [HOME_CRUMB, { label: kindLabel(kind), href: href(kind) }];
export const postHref = (kind: ContentKind, slug: string) => href(`${kind}-slug`, { slug });
export const EMPTY_TEXT: Record<ContentKind, string> = {
  blog: 'Статей пока нет — загляните позже.',
  news: 'Новостей пока нет — загляните позже.',
};
