// Escaping text for the markup the server writes itself (page heads, the sitemap, the test payment page,
// the demo pictures' SVG): one function, valid in HTML and XML alike.
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeMarkup = (s: string): string => s.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
