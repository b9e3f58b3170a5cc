// Page links of a listing: previous, numbers around the current page with the first and last, next.
import { Link } from 'wouter';

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
  if (pages <= 1) return null;
  return (
    <nav className="pagination" aria-label="Страницы">
      {page > 1 && (
        <Link href={hrefFor(page - 1)} rel="prev">
          ← Назад
        </Link>
      )}
      {pageWindow(page, pages).map((p, i) =>
        p === '…' ? (
          <span key={`gap${i}`} className="pagination__gap">
            …
          </span>
        ) : p === page ? (
          <span key={p} aria-current="page" className="pagination__current">
            {p}
          </span>
        ) : (
          <Link key={p} href={hrefFor(p)} aria-label={`Страница ${p}`}>
            {p}
          </Link>
        ),
      )}
      {page < pages && (
        <Link href={hrefFor(page + 1)} rel="next">
          Вперёд →
        </Link>
      )}
    </nav>
  );
}
