// The breadcrumb trail (spec §2): 'Главная' first; the last crumb is the current page and not a link.
import { Link } from 'wouter';
import type { Crumb } from '../lib/breadcrumbs.ts';

export function Breadcrumbs({ crumbs, current }: { crumbs: readonly Crumb[]; current?: string }) {
  // The current page is the last item, not a link; a trail that already ends with it drops that crumb.
  const endsWithCurrent = current === undefined || crumbs[crumbs.length - 1]?.label === current;
  const items = endsWithCurrent ? crumbs.slice(0, -1) : crumbs;
  const last = current ?? crumbs[crumbs.length - 1]?.label;
  return (
    <nav aria-label="Навигационная цепочка" className="breadcrumbs">
      <ol>
        {items.map((c) => (
          <li key={c.href}>
            <Link href={c.href}>{c.label}</Link>
          </li>
        ))}
        {last && <li aria-current="page">{last}</li>}
      </ol>
    </nav>
  );
}
