// The search bar's submit rule (spec §2 Search): which typed text is a query worth sending. Pure.

/**
 * The query to search for, trimmed, or null when the text is blank. The spec says 'Empty or single-space text
 * is ignored'; we treat any whitespace-only text (several spaces, tabs, no-break spaces) as blank too, since
 * a search for nothing but whitespace finds nothing useful either.
 */
export function searchQueryOf(text: string): string | null {
  const query = text.trim();
  return query === '' ? null : query;
}
