// A small path matcher for the route table: "/brands/:slug", "/blog/:slug?" (optional last segments) and
// per-parameter constraints. Pure, so the server can match the same table as the app.
export type Params = Record<string, string | undefined>;
export interface Compiled {
  keys: string[];
  regex: RegExp;
}

export function compile(pattern: string): Compiled {
  const keys: string[] = [];
  const body = pattern
    .split('/')
    .filter(Boolean)
    .map((seg) => {
      const m = /^:(\w+)(\?)?$/.exec(seg);
      if (!m) return `/${seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
      keys.push(m[1]);
      return m[2] ? `(?:/([^/]+))?` : `/([^/]+)`;
    })
    .join('');
  return { keys, regex: new RegExp(`^${body || '/'}$`) };
}

/** Params of a path, or null; each constrained param must match its RegExp. */
export function match(c: Compiled, path: string, where?: Record<string, RegExp>): Params | null {
  const m = c.regex.exec(path);
  if (!m) return null;
  const params: Params = {};
  for (let i = 0; i < c.keys.length; i++) {
    let value: string | undefined;
    try {
      value = m[i + 1] === undefined ? undefined : decodeURIComponent(m[i + 1]);
    } catch {
      return null; // a malformed %-escape is no route of ours
    }
    const rule = where?.[c.keys[i]];
    if (rule && value !== undefined && !rule.test(value)) return null;
    params[c.keys[i]] = value;
  }
  return params;
}

/** Fills a pattern: build('/brands/:slug', { slug: 'maaji' }) -> '/brands/maaji'; optional params may be left out. */
export function build(pattern: string, params: Params = {}): string {
  const path = pattern
    .split('/')
    .filter(Boolean)
    .flatMap((seg) => {
      const m = /^:(\w+)(\?)?$/.exec(seg);
      if (!m) return [seg];
      const v = params[m[1]];
      if (v === undefined || v === '') {
        if (m[2]) return [];
        throw new Error(`route parameter "${m[1]}" is missing for ${pattern}`);
      }
      return [encodeURIComponent(v)];
    })
    .join('/');
  return `/${path}`;
}

const CATEGORY_LEVELS = ['subCategory', 'categorySubCategory', 'categorySubSubCategory'] as const;

/** The category path a category or product address names: "kupalniki/bikini" for /kupalniki/bikini/tag/x or /kupalniki/bikini/123/slug. */
export function categoryPathOf({ params }: { params: Params }, pathname: string): string {
  return [pathname.split('/')[1] ?? '', ...CATEGORY_LEVELS.map((k) => params[k])].filter(Boolean).join('/');
}
