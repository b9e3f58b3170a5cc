// Calls of the content pages (spec §7 content): blog and news pages by offset, one post, an information
// page, the photo feed, and the error report form.
import { PAGE_SIZE } from '../../common/contract/base.ts';
import { ENDPOINTS } from '../../common/endpoints.ts';
import { call, type ShopCall } from './client.ts';

export type ContentKind = 'blog' | 'news';

const LISTS = { blog: ENDPOINTS.blog, news: ENDPOINTS.news } as const;
const POSTS = { blog: ENDPOINTS.blogPost, news: ENDPOINTS.newsPost } as const;

/** GET /v1/{content}?offset={n}: one page of 24 posts, newest first. */
export const getPosts = (kind: ContentKind, page: number, api: ShopCall = call) =>
  api(LISTS[kind], { query: { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE } });
export const getPost = (kind: ContentKind, slug: string, api: ShopCall = call) => api(POSTS[kind], { params: { id: slug } });
export const getInfoPage = (path: string, api: ShopCall = call) => api(ENDPOINTS.infoPage, { params: { path } });
export const getInstagramPosts = (api: ShopCall = call) => api(ENDPOINTS.instagram);
/** POST /v1/send_message/ { messageFeedback }: the error report form. */
export const sendMessage = (contactData: string, message: string, page: string) =>
  call(ENDPOINTS.sendMessage, { body: { messageFeedback: { contactData, message, page } } });
