// The two post kinds of the shop (spec §2 /blog and /news): their names, routes and breadcrumbs.
import type { ContentKind } from '../../api/content.ts';
import { HOME_CRUMB, type Crumb } from '../../lib/breadcrumbs.ts';
import { href, type RouteMatch } from '../../../common/routes.ts';
import { TITLES } from '../../../common/titles.ts';

/** The kind a blog or news route (list or post) shows. */
export const kindOf = (found: RouteMatch | null): ContentKind => (found?.route.page.startsWith('news') ? 'news' : 'blog');

export const kindLabel = (kind: ContentKind) => TITLES[kind]!;
export const kindCrumbs = (kind: ContentKind): Crumb[] => [HOME_CRUMB, { label: kindLabel(kind), href: href(kind) }];
export const postHref = (kind: ContentKind, slug: string) => href(`${kind}-slug`, { slug });
export const EMPTY_TEXT: Record<ContentKind, string> = {
  blog: 'Статей пока нет — загляните позже.',
  news: 'Новостей пока нет — загляните позже.',
};
