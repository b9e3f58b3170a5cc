// Where a page is: the route its address matched, the route's parameters and the query (common/routes.ts
// pageAt), what the page module's asks and head read. A page is drawn only where its route matched
// (app/RouteView.tsx), so there always is one.
import { useLocation, useSearch } from 'wouter';
import type { PageAt } from '../../common/page-module.ts';
import { pageAt } from '../../common/routes.ts';

export function usePageAt(): PageAt {
  const [path] = useLocation();
  const search = useSearch();
  const at = pageAt(path, search);
  if (!at) throw new Error(`a page is drawn at ${path}, where no route matches`);
  return at;
}
