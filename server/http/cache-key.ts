// The response cache's key of a request: its path without the trailing slash, its query sorted by name, and
// the `data` filter in a canonical form (keys sorted, each list of slugs sorted and without repeats), so
// requests that ask the same thing in different words share one entry. Values are kept as sent otherwise:
// a request the contract refuses never gets a 200 to cache.
import { jsonShapeProblem } from '../../common/json-shape.ts';
import { splitUrl } from './split-url.ts';

/** A value of the `data` filter with object keys sorted and lists of plain values sorted and deduplicated. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.map(canonical);
    const plain = items.every((v) => typeof v === 'string' || typeof v === 'number');
    return plain ? [...new Set(items as (string | number)[])].sort() : items;
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/** The canonical text of a `data` parameter: an empty filter is no filter; text that is not JSON stays as sent. */
function canonicalData(raw: string): string | null {
  if (jsonShapeProblem(raw)) return raw; // refused by the route's contract; not walked here
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed) && !Object.keys(parsed).length) return null;
    return JSON.stringify(canonical(parsed));
  } catch {
    return raw;
  }
}

export function cacheKey(url: string): string {
  const [pathname, query] = splitUrl(url);
  const path = pathname.replace(/(.)\/+$/, '$1');
  if (!query) return path;
  const params: [string, string][] = [];
  for (const [name, value] of new URLSearchParams(query)) {
    const v = name === 'data' ? canonicalData(value) : value;
    if (v !== null) params.push([name, v]);
  }
  params.sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  return params.length ? `${path}?${new URLSearchParams(params).toString()}` : path;
}
