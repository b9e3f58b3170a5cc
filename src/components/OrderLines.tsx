// The lines and totals of a placed order (order_info.items_json of GET /v1/get_order_info/ and of an order
// of the history).
import type { Snapshot } from 'valtio';
import type { OrderInfo } from '../../common/contract/orders.ts';
import { formatPrice } from '../../common/money.ts';
import './order-lines.css';

export function OrderLines({ info }: { info: Snapshot<OrderInfo> | OrderInfo }) {
  return (
    <>
      <ul className="order-lines" data-testid="order-lines">
        {info.items_json.map((l, i) => (
          <li key={i}>
            {l.image && <img src={l.image} alt="" width={48} height={62} />}
            <span>
              <strong>{l.name}</strong>
              <br />
              <small className="muted">{[l.brand, l.size, l.color].filter(Boolean).join(' · ')}</small>
            </span>
            <span className="price">
              {l.quantity} × {formatPrice(l.price)}
            </span>
          </li>
        ))}
      </ul>
      <div className="order-totals">
        <p>
          Товары: <span>{formatPrice(info.items_sum)}</span>
        </p>
        {info.promo_discount > 0 && (
          <p>
            Скидка по промокоду: <span>−{formatPrice(info.promo_discount)}</span>
          </p>
        )}
        {info.bonus_spent > 0 && (
          <p>
            Оплачено баллами: <span data-testid="order-bonus">−{formatPrice(info.bonus_spent)}</span>
          </p>
        )}
        <p>
          Доставка: <span>{info.delivery_price ? formatPrice(info.delivery_price) : 'бесплатно'}</span>
        </p>
        <p className="checkout__total">
          Итого: <strong data-testid="order-total">{formatPrice(info.total)}</strong>
        </p>
      </div>
    </>
  );
}
