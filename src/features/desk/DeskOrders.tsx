// The desk's orders list: a search by number, phone, e-mail or name, the status (with each one's count), how
// the orders are paid and the days placed, all kept in the address; the newest first, 50 a page, in a dense table; the list as a CSV
// file; reloaded when the server says an order was placed or changed (and on coming back to the tab, and every
// minute as a fallback), the tab's title counting the orders waiting for the shop.
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { findOrders, ordersCsvUrl, watchOrders, type DeskSearch } from '../../api/desk.ts';
import { useLoad } from '../../components/use-load.ts';
import { useOwnHead } from '../../components/use-page-title.ts';
import { formatPrice } from '../../../common/money.ts';
import { namedTitle } from '../../../common/titles.ts';
import { href } from '../../../common/routes.ts';
import { DESK_PAGE_SIZE, type DeskOrderList } from '../../../common/contract/manage.ts';
import {
  ORDER_STATUS_CODES,
  ORDER_STATUSES,
  PAYMENT_METHOD_CODES,
  PAYMENT_METHODS,
  paysOnReceipt,
  type OrderStatus,
  type PaymentMethod,
} from '../../../common/order-status.ts';
import { queryFromSearch, searchFromQuery } from './desk-search.ts';
import { inList } from './desk-time.ts';

/** How often the list asks again while its tab is shown, should the server's events not come through (a proxy). */
const REFRESH_MS = 60_000;
/** Events close together (an order placed and paid at once) make one reload. */
const EVENTS_SETTLE_MS = 500;

/**
 * A number that changes when the server says an order was placed or changed, when the manager comes back to
 * the tab, and every REFRESH_MS while the tab is shown.
 */
function useRefreshTick(): number {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const bump = () => document.visibilityState === 'visible' && setTick((t) => t + 1);
    let settling: ReturnType<typeof setTimeout> | undefined;
    const stopWatching = watchOrders(() => {
      clearTimeout(settling);
      settling = setTimeout(() => setTick((t) => t + 1), EVENTS_SETTLE_MS);
    });
    const timer = setInterval(bump, REFRESH_MS);
    document.addEventListener('visibilitychange', bump);
    return () => {
      stopWatching();
      clearTimeout(settling);
      clearInterval(timer);
      document.removeEventListener('visibilitychange', bump);
    };
  }, []);
  return tick;
}

export function DeskOrders() {
  const query = useSearch();
  const [, navigate] = useLocation();
  const search = searchFromQuery(query);
  const tick = useRefreshTick();
  const list = useLoad(`desk-orders ${query} ${tick}`, () => findOrders(search));
  const waiting = list.data?.waiting ?? 0;
  useOwnHead({ title: namedTitle(waiting > 0 ? `(${waiting}) Заказы` : 'Заказы') });
  const go = (s: DeskSearch) => navigate(`${href('manage')}${queryFromSearch(s)}`);
  const data = list.data;
  return (
    <section aria-labelledby="desk-title">
      <h1 id="desk-title">Заказы{waiting > 0 && <span className="desk__waiting"> · ждут магазина: {waiting}</span>}</h1>
      {/* Keyed by the address: what is typed starts again from the search shown. */}
      <SearchForm key={query} search={search} counts={data?.counts} onSearch={go} />
      {list.error !== null && (
        <p className="notice notice--error" role="alert">
          {list.error instanceof Error ? list.error.message : 'Не удалось загрузить заказы'}
        </p>
      )}
      {!data && list.loading && (
        <p className="muted" role="status">
          Загружаем заказы…
        </p>
      )}
      {data && data.count === 0 && <p className="notice">Заказов не найдено.</p>}
      {data && data.count > 0 && (
        <>
          <OrdersTable orders={data.results} />
          <nav className="desk-pages" aria-label="Страницы списка">
            <span>
              {search.offset + 1}–{Math.min(search.offset + DESK_PAGE_SIZE, data.count)} из {data.count}
            </span>
            {search.offset > 0 && (
              <button
                type="button"
                className="button button--small button--ghost"
                onClick={() => go({ ...search, offset: search.offset - DESK_PAGE_SIZE })}
              >
                ← Новее
              </button>
            )}
            {search.offset + DESK_PAGE_SIZE < data.count && (
              <button
                type="button"
                className="button button--small button--ghost"
                onClick={() => go({ ...search, offset: search.offset + DESK_PAGE_SIZE })}
              >
                Старее →
              </button>
            )}
          </nav>
        </>
      )}
    </section>
  );
}

function SearchForm({
  search,
  counts,
  onSearch,
}: {
  search: DeskSearch;
  counts?: DeskOrderList['counts'];
  onSearch: (s: DeskSearch) => void;
}) {
  const [draft, setDraft] = useState(search);
  const byStatus = new Map(counts?.map((c) => [c.status, c.count]) ?? []);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch({ ...draft, offset: 0 });
  };
  return (
    <form className="desk-search" onSubmit={submit} role="search">
      <label>
        Номер, телефон, e-mail или имя
        <input type="search" name="q" value={draft.q} onChange={(e) => setDraft({ ...draft, q: e.target.value })} />
      </label>
      <label>
        Статус
        <select value={draft.status} onChange={(e) => onSearch({ ...draft, status: e.target.value as OrderStatus | '', offset: 0 })}>
          <option value="">Все</option>
          {ORDER_STATUS_CODES.map((s) => (
            <option key={s} value={s}>
              {ORDER_STATUSES[s]} ({byStatus.get(s) ?? 0})
            </option>
          ))}
        </select>
      </label>
      <label>
        Способ оплаты
        <select value={draft.payment} onChange={(e) => onSearch({ ...draft, payment: e.target.value as PaymentMethod | '', offset: 0 })}>
          <option value="">Любой</option>
          {PAYMENT_METHOD_CODES.map((m) => (
            <option key={m} value={m}>
              {PAYMENT_METHODS[m]}
            </option>
          ))}
        </select>
      </label>
      <label>
        С
        <input type="date" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
      </label>
      <label>
        По
        <input type="date" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
      </label>
      <button type="submit" className="button button--small">
        Найти
      </button>
      <a className="desk-search__csv" href={ordersCsvUrl(search)} download>
        Выгрузить в CSV
      </a>
    </form>
  );
}

function OrdersTable({ orders }: { orders: DeskOrderList['results'] }) {
  return (
    <table className="desk-table" data-testid="desk-orders">
      <thead>
        <tr>
          <th scope="col">Номер</th>
          <th scope="col">Дата (мск)</th>
          <th scope="col">Покупатель</th>
          <th scope="col">Телефон</th>
          <th scope="col">Статус</th>
          <th scope="col">Оплата</th>
          <th scope="col" className="num">
            Товаров
          </th>
          <th scope="col" className="num">
            Сумма
          </th>
        </tr>
      </thead>
      <tbody>
        {orders.map((o) => (
          <tr key={o.id} className={`desk-row desk-row--${o.status}`}>
            <td>
              <Link href={href('manage-order', { pk: String(o.id) })}>{o.number}</Link>
            </td>
            <td>{inList(o.created_at)}</td>
            <td>
              {o.buyer_fio}
              <br />
              <small className="muted">{o.buyer_email}</small>
            </td>
            <td>
              <a href={`tel:${o.buyer_phone}`}>{o.buyer_phone}</a>
            </td>
            <td>{o.status_name}</td>
            <td>
              {o.payment_status_name}
              {paysOnReceipt(o) && (
                <>
                  <br />
                  <small className="muted">при получении</small>
                </>
              )}
            </td>
            <td className="num">{o.count}</td>
            <td className="num">{formatPrice(o.total)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
