// Renders the rich text of posts and information pages. The server sanitizes it before any answer carries
// it (server/content/rich-text.ts: no scripts, handlers, styles, frames, forms or javascript: links;
// external links in a new tab without access to the shop), so the server's rendering and the page show the
// same markup; the page adds nothing to it.
export function RichText({ html, className = 'rich-text' }: { html: string; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
