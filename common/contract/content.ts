// The contract of the content pages (spec §7 content): blog and news posts, information pages, the photo
// feed and the error report form.
import { array, assign, integer, object, optional, string, type, type Infer } from 'superstruct';
import { Paged, text } from './base.ts';

export const PostPreview = type({
  id: integer(),
  slug: string(),
  title: string(),
  preview: string(),
  image: string(),
  published_at: string(),
});
export type PostPreview = Infer<typeof PostPreview>;
export const PostPage = Paged(PostPreview);
export const Post = assign(PostPreview, type({ body_html: string() }));
export type Post = Infer<typeof Post>;
export const InfoPage = type({ path: string(), title: string(), body_html: string() });
export type InfoPage = Infer<typeof InfoPage>;
export const InstagramPost = type({ id: integer(), image: string(), caption: string(), link: string() });
export type InstagramPost = Infer<typeof InstagramPost>;
export const InstagramPostList = array(InstagramPost);
export const SendMessageRequest = object({
  /** page: where the shopper was when they wrote (the app sends its path). */
  messageFeedback: object({ message: text(1, 5000), contactData: text(1, 200), page: optional(text(0, 500)) }),
});
