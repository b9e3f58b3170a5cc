// The rich text of posts and information pages (body_html, typed in by the shop or imported from its old
// site) made safe before any answer carries it, so the page and the server's rendering of it show the very
// same markup: no scripts, event handlers, styles, frames, forms or javascript: links; pictures and links
// to the shop, the web, mail and phone only; a link that leaves the shop opens in a new tab without access
// to it. sanitize-html parses without a DOM (the server has none).
import sanitizeHtml from 'sanitize-html';

const ALLOWED_TAGS = [...sanitizeHtml.defaults.allowedTags.filter((t) => t !== 'style'), 'img'];

export function safeRichText(html: string, publicUrl: string): string {
  return sanitizeHtml(html, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel'],
      img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
      '*': ['id'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowProtocolRelative: false,
    transformTags: {
      a: (tagName, attribs) => {
        const href = attribs.href ?? '';
        const leaves = /^https?:\/\//i.test(href) && !href.startsWith(`${publicUrl}/`) && href !== publicUrl;
        const { target: _target, rel: _rel, ...rest } = attribs;
        return { tagName, attribs: leaves ? { ...rest, target: '_blank', rel: 'noopener noreferrer' } : rest };
      },
    },
  });
}
