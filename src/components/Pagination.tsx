// Page links of a listing: previous, numbers around the current page with the first and last, next. A tap
// marks the page tapped at once and the address follows after that paint (lib/after-paint.ts): on a slow phone
// the tap is answered before the listing is redrawn. A click that opens a new tab follows the link as it is
// (wouter's Link hands this component only a plain click).
import { useState, type MouseEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { afterNextPaint } from '../lib/after-paint.ts';

interface Props {
  page: number;
  pages: number;
  hrefFor: (page: number) => string;
}

export function pageWindow(page: number, pages: number): (number | '…')[] {
  const want = new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2].filter((p) => p >= 1 && p <= pages));
  const sorted = [...want].sort((a, b) => a - b);
  const out: (number | '…')[] = [];
  sorted.forEach((p, i) => {
    const gap = i > 0 ? p - sorted[i - 1] : 1;
    if (gap === 2)
      out.push(p - 1); // one hidden page: show it rather than "…"
    else if (gap > 2) out.push('…');
    out.push(p);
  });
  return out;
}

export function Pagination({ page, pages, hrefFor }: Props) {
  const [, navigate] = useLocation();
  // The page tapped, on the page it was tapped from: forgotten once the address has moved.
  const [tapped, setTapped] = useState<{ from: number; to: number } | null>(null);
  if (tapped && tapped.from !== page) setTapped(null);
  if (pages <= 1) return null;
  const pick = (to: number) => (e: MouseEvent) => {
    e.preventDefault();
    setTapped({ from: page, to });
    afterNextPaint(() => navigate(hrefFor(to)));
  };
  const marked = tapped?.to ?? page;
  return (
    <nav className="pagination" aria-label="Страницы">
      {page > 1 && (
        <Link href={hrefFor(page - 1)} rel="prev" onClick={pick(page - 1)}>
          ← Назад
        </Link>
      )}
      {pageWindow(page, pages).map((p, i) =>
        p === '…' ? (
          <span key={`gap${i}`} className="pagination__gap">
            …
          </span>
        ) : p === marked ? (
          <span key={p} aria-current="page" className="pagination__current">
            {p}
          </span>
        ) : (
          <Link key={p} href={hrefFor(p)} aria-label={`Страница ${p}`} onClick={pick(p)}>
            {p}
          </Link>
        ),
      )}
      {page < pages && (
        <Link href={hrefFor(page + 1)} rel="next" onClick={pick(page + 1)}>
          Вперёд →
        </Link>
      )}
    </nav>
  );
}
