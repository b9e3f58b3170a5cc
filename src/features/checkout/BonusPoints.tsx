// Bonus points in the checkout for a signed-in shopper (spec §1): the balance from GET /v1/bonus/
// and how many of them to spend on this order, at most the programme's share of the goods after the promo
// discount. The server applies the same limit again; the confirmation shows what it took.
import { useEffect } from 'react';
import { getBonus } from '../../api/account.ts';
import { useLoad } from '../../components/use-load.ts';
import { formatPrice } from '../../../common/money.ts';
import { pointsToSpend } from '../../../common/order-rules.ts';
import { plural } from '../../../common/plural.ts';
import { checkout, useCheckout } from '../../state/checkout.ts';

export function BonusPoints({ goodsAfterPromo, userKey }: { goodsAfterPromo: number; userKey: string }) {
  const c = useCheckout();
  const bonus = useLoad(`bonus:${userKey}`, getBonus);
  const info = bonus.data;
  // The most points this order may take: the balance, and the programme's share of the goods after the promo.
  const limit = info ? pointsToSpend(info.balance, info.balance, goodsAfterPromo, info.max_share_percent) : 0;
  // A smaller basket or a new promo code lowers the limit: the points chosen follow it down.
  useEffect(() => {
    if (info && checkout.bonus > limit) checkout.bonus = limit;
  }, [info, limit]);
  if (!info) {
    return bonus.error ? <p className="muted">Бонусные баллы сейчас недоступны.</p> : null;
  }
  const spend = Math.min(c.bonus, limit);
  const points = (n: number) => `${n} ${plural(n, ['балл', 'балла', 'баллов'])}`;
  return (
    <section className="checkout__section bonus">
      <h2>Бонусные баллы</h2>
      <p>
        На счёте {points(info.balance)}. Баллами можно оплатить до {info.max_share_percent}% стоимости товаров: в этом заказе — до{' '}
        {points(limit)}.
      </p>
      {limit > 0 && (
        <div className="promo__row">
          <input
            aria-label="Списать баллов"
            type="number"
            inputMode="numeric"
            min={0}
            max={limit}
            value={spend || ''}
            placeholder="0"
            onChange={(e) => {
              const n = Math.floor(Number(e.target.value));
              checkout.bonus = Number.isFinite(n) ? Math.max(0, Math.min(limit, n)) : 0;
            }}
          />
          <button type="button" className="button button--ghost" onClick={() => (checkout.bonus = limit)}>
            Списать {formatPrice(limit)}
          </button>
        </div>
      )}
    </section>
  );
}
