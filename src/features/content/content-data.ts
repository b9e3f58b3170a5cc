// What the content pages load, by what their address names: a page of blog or news posts, one post, an
// information page, the photo feed. The pages read them and the server runs the same before rendering
// (src/app/page-requests.ts).
import type { InfoPage, InstagramPostList, Post, PostPage } from '../../../common/contract/content.ts';
import type { Infer } from 'superstruct';
import { getInfoPage, getInstagramPosts, getPost, getPosts, type ContentKind } from '../../api/content.ts';
import type { DataRequest } from '../../components/use-load.ts';

/** The page number of a post list's query (?page=2), 1 when absent or not a page. */
export function postsPageOf(search: string): number {
  const n = Number(new URLSearchParams(search).get('page'));
  return Number.isInteger(n) && n > 1 ? n : 1;
}

export const postsRequest = (kind: ContentKind, page: number): DataRequest<Infer<typeof PostPage>> => ({
  key: `${kind}:${page}`,
  load: (api) => getPosts(kind, page, api),
});

export const postRequest = (kind: ContentKind, slug: string): DataRequest<Post> => ({
  key: `${kind}-post:${slug}`,
  load: (api) => getPost(kind, slug, api),
});

export const infoRequest = (name: string): DataRequest<InfoPage> => ({ key: `about:${name}`, load: (api) => getInfoPage(name, api) });

export const instagramRequest: DataRequest<Infer<typeof InstagramPostList>> = { key: 'instagram', load: (api) => getInstagramPosts(api) };
