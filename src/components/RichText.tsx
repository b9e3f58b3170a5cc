// Renders rich text that comes from the server (posts, information pages) only after DOMPurify has
// sanitized it: scripts, event handlers, javascript: links, frames and forms never reach the page. Links
// that leave the shop open in a new tab without access to it.
import DOMPurify from 'dompurify';
import { useMemo } from 'react';

let hooked = false;

function purifier(): typeof DOMPurify {
  if (!hooked) {
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (
        node.tagName === 'A' &&
        node.getAttribute('href')?.match(/^https?:\/\//) &&
        !node.getAttribute('href')!.startsWith(location.origin)
      ) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
    hooked = true;
  }
  return DOMPurify;
}

function sanitizeHtml(html: string): string {
  return purifier().sanitize(html, {
    FORBID_TAGS: ['style', 'iframe', 'form', 'input', 'button', 'textarea', 'select', 'object', 'embed'],
    FORBID_ATTR: ['style'],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:|\/(?!\/)|#)/i,
  });
}

export function RichText({ html, className = 'rich-text' }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
