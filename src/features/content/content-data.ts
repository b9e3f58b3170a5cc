// What the content pages load, from their address: a page of blog or news posts, one post, an information
// page, the photo feed. The pages read them and the server runs the same before rendering
// (src/app/page-requests.ts), both from the same address, so their keys cannot drift apart.
import type { InfoPage, InstagramPostList, Post, PostPage } from '../../../common/contract/content.ts';
import type { Infer } from 'superstruct';
import { getInfoPage, getInstagramPosts, getPost, getPosts, type ContentKind } from '../../api/content.ts';
import type { DataRequest } from '../../components/use-load.ts';
import { matchRoute } from '../../../common/routes.ts';
import { kindOf } from './kinds.ts';

/** The page number of a post list's query (?page=2), 1 when absent or not a page. */
function postsPageOf(search: string): number {
  const n = Number(new URLSearchParams(search).get('page'));
  return Number.isInteger(n) && n > 1 ? n : 1;
}

/** A post list's address (/blog?page=2): its kind, its page, and the request of that page of posts. */
export function postsAt(path: string, search: string): { kind: ContentKind; page: number; posts: DataRequest<Infer<typeof PostPage>> } {
  const kind = kindOf(matchRoute(path));
  const page = postsPageOf(search);
  return { kind, page, posts: { key: `${kind}:${page}`, load: (api) => getPosts(kind, page, api) } };
}

/** A post's address (/blog/<slug>): its kind, and the request of the post. */
export function postAt(path: string): { kind: ContentKind; post: DataRequest<Post> } {
  const found = matchRoute(path);
  const kind = kindOf(found);
  const slug = found?.params.slug ?? '';
  return { kind, post: { key: `${kind}-post:${slug}`, load: (api) => getPost(kind, slug, api) } };
}

/** An information page's address (/about): the request of its text, named by the route. */
export function infoAt(path: string): DataRequest<InfoPage> {
  const name = matchRoute(path)?.route.name ?? '';
  return { key: `about:${name}`, load: (api) => getInfoPage(name, api) };
}

export const instagramRequest: DataRequest<Infer<typeof InstagramPostList>> = { key: 'instagram', load: (api) => getInstagramPosts(api) };
