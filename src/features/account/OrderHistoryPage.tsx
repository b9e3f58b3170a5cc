// /history-order and /history-order/{pk}: the signed-in user's orders (GET /v1/history_order_preview/:
// number, date, status, sum, item count), each linking to its detail (POST /v1/history_order_detail/:
// lines, delivery, sums, status history). A failed detail load leaves the detail null, is logged and says so.
import { Link, useLocation } from 'wouter';
import { getOrderDetail, getOrderHistory } from '../../api/account.ts';
import { OrderLines } from '../../components/OrderLines.tsx';
import { useLoad } from '../../components/use-load.ts';
import { formatDate } from '../../lib/dates.ts';
import { formatPrice } from '../../../common/money.ts';
import { plural } from '../../../common/plural.ts';
import { href, matchRoute } from '../../../common/routes.ts';
import { useAuth } from '../../state/auth.ts';
import { AccountFrame } from './AccountFrame.tsx';
import { deliveryText } from './order-text.ts';
import { isPaid, paysOnReceipt } from '../../../common/order-status.ts';

type OrderDetail = Awaited<ReturnType<typeof getOrderDetail>>;

const HISTORY_CRUMB = { label: 'История заказов', href: href('history-order') };

export default function OrderHistoryPage() {
  const [path] = useLocation();
  const { user } = useAuth();
  const pk = Number(matchRoute(path)?.params.pk ?? 0);
  if (pk > 0) return <OrderDetailPage pk={pk} signedIn={!!user} />;
  return <AccountFrame title="История заказов">{user && <OrderList />}</AccountFrame>;
}

function OrderList() {
  const orders = useLoad('order-history', getOrderHistory);
  if (orders.loading)
    return (
      <p className="muted" role="status">
        Загружаем заказы…
      </p>
    );
  if (orders.error !== null) {
    return (
      <p className="form-error" role="alert">
        Не удалось загрузить историю заказов. Проверьте подключение к интернету и обновите страницу.
      </p>
    );
  }
  const list = orders.data ?? [];
  if (!list.length) {
    return (
      <p className="notice">
        Вы ещё ничего не заказывали. <Link href={href('index')}>Перейти в каталог</Link>
      </p>
    );
  }
  return (
    <ul className="order-list" data-testid="order-list">
      {list.map((o) => (
        <li key={o.pk} className="order-row">
          <Link href={href('history-order', { pk: String(o.pk) })}>
            <strong>Заказ № {o.number}</strong>
            <span>{formatDate(o.created_at)}</span>
            <span className="order-status">{o.status_name}</span>
            <span className="price">{formatPrice(o.total)}</span>
            <span className="muted">
              {o.count} {plural(o.count, ['товар', 'товара', 'товаров'])}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function OrderDetailPage({ pk, signedIn }: { pk: number; signedIn: boolean }) {
  const detail = useLoad(signedIn ? `order-detail:${pk}` : null, () => getOrderDetail(pk));
  // Spec §8: a failed detail load is logged (useLoad) and the detail is null.
  const order = detail.error === null ? (detail.data ?? null) : null;
  const title = order ? `Заказ № ${order.order_info.number}` : 'Заказ';
  let body;
  if (!signedIn) body = null;
  else if (detail.loading)
    body = (
      <p className="muted" role="status">
        Загружаем заказ…
      </p>
    );
  else if (!order) {
    body = (
      <div className="notice" role="alert">
        <p>Не удалось загрузить заказ. Возможно, его нет в вашей истории или пропала связь с магазином.</p>
        <Link href={href('history-order')}>Вернуться к истории заказов</Link>
      </div>
    );
  } else body = <OrderDetailView detail={order} />;
  return (
    <AccountFrame title={title} trail={[HISTORY_CRUMB]}>
      {body}
    </AccountFrame>
  );
}

function OrderDetailView({ detail }: { detail: OrderDetail }) {
  const info = detail.order_info;
  const unpaid = info.due > 0 && !isPaid(info);
  const atHandOver = unpaid && paysOnReceipt(info);
  return (
    <article className="order-detail" data-testid="order-detail">
      <p>
        Оформлен: {formatDate(info.created_at)} · Статус: <span className="order-status">{info.status_name}</span> ·{' '}
        {info.payment_status_name}
      </p>
      <OrderLines info={info} />
      <section>
        <h2>Доставка</h2>
        <p>
          {deliveryText(info.delivery_method)}: {[info.city, info.address].filter(Boolean).join(', ')}
        </p>
        {info.tracking_number && (
          <p data-testid="tracking-number">
            Трек-номер отправления: <strong>{info.tracking_number}</strong>
          </p>
        )}
      </section>
      {/* OrderLines shows the sums, the promo discount and the points; here what was paid besides. */}
      {(info.gift_card_amount > 0 || unpaid) && (
        <section className="order-totals">
          {info.gift_card_amount > 0 && (
            <p>
              Оплачено подарочной картой: <span>−{formatPrice(info.gift_card_amount)}</span>
            </p>
          )}
          {unpaid && (
            <p>
              {atHandOver ? 'Оплата при получении, наличными или картой' : 'Осталось оплатить'}: <strong>{formatPrice(info.due)}</strong>
            </p>
          )}
        </section>
      )}
      {unpaid && !atHandOver && (
        <p>
          <Link href={href('basket-delivery-confirm', { guid: info.guid })} className="button">
            Перейти к оплате
          </Link>
        </p>
      )}
      {detail.history.length > 0 && (
        <section>
          <h2>История статусов</h2>
          <ol className="status-history">
            {detail.history.map((h, i) => (
              <li key={i}>
                {formatDate(h.created_at)} — {h.status_name}
              </li>
            ))}
          </ol>
        </section>
      )}
      <Link href={href('history-order')}>← Все заказы</Link>
    </article>
  );
}
