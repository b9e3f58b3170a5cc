// The lines and totals of a placed order (order_info.items_json of GET /v1/get_order_info/ and of an order
// of the history); the totals alone serve the manager's desk too.
import type { ReactNode } from 'react';
import type { Snapshot } from 'valtio';
import type { OrderInfo } from '../../common/contract/orders.ts';
import { formatPrice } from '../../common/money.ts';
import './order-lines.css';
import { Picture } from './Picture.tsx';
import { PICTURE_SIZES } from './picture-sizes.ts';

export function OrderLines({ info }: { info: Snapshot<OrderInfo> | OrderInfo }) {
  return (
    <>
      <ul className="order-lines" data-testid="order-lines">
        {info.items_json.map((l, i) => (
          <li key={i}>
            {l.image && <Picture src={l.image} alt="" sizes={PICTURE_SIZES.smallLine} width={48} height={62} />}
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
      <OrderTotals sums={info} />
    </>
  );
}

/** What an order's sums are, as the buyer's order and the manager's desk both have them. */
interface OrderSums {
  items_sum: number;
  promo_discount: number;
  bonus_spent: number;
  delivery_price: number;
  total: number;
  /** The promo code, named where the reader may see it (the desk). */
  promo_code?: string | null;
}

/** An order's totals: goods, the promo code's discount, the points, delivery and the total; `children` follow them. */
export function OrderTotals({ sums, children }: { sums: OrderSums; children?: ReactNode }) {
  return (
    <div className="order-totals">
      <p>
        Товары: <span>{formatPrice(sums.items_sum)}</span>
      </p>
      {sums.promo_discount > 0 && (
        <p>
          Скидка по промокоду{sums.promo_code ? ` ${sums.promo_code}` : ''}: <span>−{formatPrice(sums.promo_discount)}</span>
        </p>
      )}
      {sums.bonus_spent > 0 && (
        <p>
          Оплачено баллами: <span data-testid="order-bonus">−{formatPrice(sums.bonus_spent)}</span>
        </p>
      )}
      <p>
        Доставка: <span>{sums.delivery_price ? formatPrice(sums.delivery_price) : 'бесплатно'}</span>
      </p>
      <p className="checkout__total">
        Итого: <strong data-testid="order-total">{formatPrice(sums.total)}</strong>
      </p>
      {children}
    </div>
  );
}
