// Every list of offers: a category (with tag), new, sale, a brand, a landing page or a search. 24 offers a
// page (spec §9); page and filters live in the URL so reload, back and a shared link give the same list.
import { useDeferredValue } from 'react';
import { Link, useLocation } from 'wouter';
import type { OfferFilter, OfferPage } from '../../../common/contract/catalog.ts';
import { PAGE_SIZE } from '../../../common/catalog-basics.ts';
import { ApiError } from '../../api/api-error.ts';
import { Breadcrumbs } from '../../components/Breadcrumbs.tsx';
import { ErrorPage } from '../../components/ErrorPage.tsx';
import { OfferGrid } from '../../components/OfferGrid.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { useAsk } from '../../components/use-load.ts';
import { isFiltered, listingSearch } from '../../../common/listing-query.ts';
import { listingAsks, listingAt, type ListingScope } from '../../../common/listing-scope.ts';
import { moduleOf } from '../../../common/routes.ts';
import { usePageAt } from '../../components/use-page-at.ts';
import { plural } from '../../../common/plural.ts';
import { useSeo } from '../../state/head.ts';
import { useOwnHead } from '../../components/use-page-title.ts';
import { FilterPanel, SortSelect } from './FilterPanel.tsx';
import { useListingHead } from './listing-head.ts';
import './catalog.css';

/** A page of a listing's offers; `offline` when it is the offline search's answer, not the server's. */
type ListingOffers = OfferPage & { offline?: true };

/** A search's answer on hand when the server cannot be reached: the offers this device has seen that match. */
function offlineSearch(scope: ListingScope, filter: OfferFilter, page: number): (() => Promise<ListingOffers>) | undefined {
  if (scope.kind !== 'search' || !scope.query) return undefined;
  const query = scope.query;
  return async () => {
    // The worker's client (and Comlink) loads only when the offline search is needed.
    const { searchSeenOffers } = await import('../../worker/client.ts');
    return { ...(await searchSeenOffers(query, filter, (page - 1) * PAGE_SIZE)), offline: true as const };
  };
}

export default function ListingPage() {
  const [path, navigate] = useLocation();
  const at = usePageAt();
  const listing = listingAt(at);
  const { scope, page, filter, searchParam } = listing;
  const asks = listingAsks(at, listing);
  const detail = useAsk(asks.detail);
  const headInfo = useListingHead(scope, detail);
  const offers = useAsk<ListingOffers>(asks.offers, offlineSearch(scope, filter, page));
  const facets = useAsk(asks.filters);
  // The cards drawn: a tap on a filter or a page number changes the address, the checkboxes and the page
  // numbers at once; a new set of 24 cards (an answer already at hand) follows in a render React may spread
  // over frames, so the tap is answered before the cards are built. Until then the old ones stay, dimmed.
  const shown = useDeferredValue(offers.data);
  const seo = useSeo();

  const notFound = headInfo.error instanceof ApiError && headInfo.error.status === 404;
  // The error page names itself; a name set here would follow it (a parent's effect runs after its child's).
  const module = moduleOf(at.route);
  useOwnHead(
    notFound || (asks.detail && !detail.data) ? null : module.head?.(at, { detail: detail.data, offers: undefined, filters: undefined }),
  );

  if (notFound) return <ErrorPage statusCode={404} />;

  const extra = scope.kind === 'search' ? { searchParam } : undefined;
  const hrefFor = (p: number, f: OfferFilter = filter) => `${path}${listingSearch({ page: p, filter: f }, extra)}`;
  const setFilter = (next: OfferFilter) => navigate(hrefFor(1, next));
  const count = offers.data?.count ?? 0;
  const pages = Math.ceil(count / PAGE_SIZE);

  return (
    <div className="listing">
      <Breadcrumbs crumbs={headInfo.crumbs} current={headInfo.tagName ?? headInfo.title} />
      <header className="listing__head">
        <h1>{seo?.h1_tag || headInfo.title}</h1>
        {offers.data && (
          <p className="muted" data-testid="offers-count">
            {countText(count)}
          </p>
        )}
      </header>
      {headInfo.links.length > 0 && (
        <nav className="listing__links" aria-label="Разделы">
          {headInfo.links.map((l) => (
            <Link key={l.href} href={l.href} className={l.href === path ? 'is-active' : undefined}>
              {l.label}
            </Link>
          ))}
        </nav>
      )}
      {headInfo.description && <p className="listing__description">{headInfo.description}</p>}
      <div className="listing__body">
        <FilterPanel
          facets={facets.data}
          filter={filter}
          hideBrands={scope.kind === 'brand'}
          failed={facets.error !== null}
          onChange={setFilter}
        />
        <section className="listing__results" aria-busy={offers.loading || shown !== offers.data}>
          <div className="listing__toolbar">
            <SortSelect facets={facets.data} filter={filter} onChange={setFilter} />
          </div>
          {offers.error !== null && !shown && (
            <p className="notice">Не удалось загрузить товары. Проверьте подключение к интернету и обновите страницу.</p>
          )}
          {shown?.offline && (
            <p className="notice notice--offline" role="status" data-testid="offline-results">
              Магазин сейчас не отвечает: показаны подходящие товары из тех, что вы уже смотрели. Цены и наличие могли измениться.
            </p>
          )}
          {shown && shown.count === 0 && (
            <EmptyResult filtered={isFiltered(filter)} query={scope.kind === 'search' ? scope.query : null} onReset={() => setFilter({})} />
          )}
          {shown && <OfferGrid offers={shown.results} testId="listing-grid" headingLevel={2} leading />}
          {!shown && offers.loading && <p className="muted">Загружаем товары…</p>}
          <Pagination page={page} pages={pages} hrefFor={hrefFor} />
        </section>
      </div>
    </div>
  );
}

const countText = (n: number) => `${n} ${plural(n, ['товар', 'товара', 'товаров'])}`;

function EmptyResult({ filtered, query, onReset }: { filtered: boolean; query: string | null; onReset: () => void }) {
  if (query === '') return <p className="notice">Введите, что вы ищете, в строке поиска.</p>;
  return (
    <div className="notice" role="status">
      {filtered ? (
        <>
          <p>По выбранным фильтрам ничего не найдено.</p>
          <button type="button" className="button" onClick={onReset}>
            Сбросить фильтры
          </button>
        </>
      ) : query !== null ? (
        <p>По запросу «{query}» ничего не найдено. Попробуйте написать иначе.</p>
      ) : (
        <p>В этом разделе пока нет товаров.</p>
      )}
    </div>
  );
}
