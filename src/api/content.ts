// Calls of the content pages (spec §7 content): blog and news pages by offset, one post, an information
// page, the photo feed, and the error report form.
import { InfoPage, InstagramPostList, MessageBody, PAGE_SIZE, Post, PostPage } from '../../common/contract.ts';
import { request } from './client.ts';

export type ContentKind = 'blog' | 'news';

/** GET /v1/{content}?offset={n}: one page of 24 posts, newest first. */
export const getPosts = (kind: ContentKind, page: number) =>
  request(`/v1/${kind}`, PostPage, { query: { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE } });
export const getPost = (kind: ContentKind, slug: string) => request(`/v1/${kind}/${encodeURIComponent(slug)}`, Post);
export const getInfoPage = (path: string) => request(`/v1/about/${encodeURIComponent(path)}`, InfoPage);
export const getInstagramPosts = () => request('/v1/instagramm_posts', InstagramPostList);
/** POST /v1/send_message/ { messageFeedback }: the error report form. */
export const sendMessage = (contactData: string, message: string, page: string) =>
  request('/v1/send_message/', MessageBody, { method: 'POST', body: { messageFeedback: { contactData, message, page } } });
