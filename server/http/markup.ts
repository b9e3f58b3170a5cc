// Escaping text for the markup the server writes itself (page heads, the sitemap, the test payment page,
// the demo pictures' SVG): one function, valid in HTML and XML alike.
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** The text with its markup characters escaped and the control characters XML 1.0 forbids dropped (text from 1C may hold them). */
export const escapeMarkup = (s: string): string =>
  s
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/[&<>"']/g, (c) => ENTITIES[c]!);
