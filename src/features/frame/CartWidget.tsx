// The header's basket counter with its hover dropdown (spec §2, §4): the lines with name, brand, size
// features, price and total, and a link to the basket. Opens on hover off the basket route when the basket
// is not empty; closes 1500 ms after the pointer leaves unless it returns; closes on the basket route.
import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { lineView } from '../../components/basket-lines.ts';
import { formatPrice } from '../../../common/money.ts';
import { href } from '../../../common/routes.ts';
import { summary, useBasket } from '../../state/basket.ts';
import { closeDropdown, pointerEntered, pointerLeft } from '../../state/basket-dropdown.ts';
import { project } from '../../../common/basket-queue.ts';
import { BagIcon } from './icons.tsx';
import { CountNotKnownYet } from '../../components/NotKnownYet.tsx';
import { useKnown } from '../../state/personal.ts';
import { Picture } from '../../components/Picture.tsx';
import { PICTURE_SIZES } from '../../components/picture-sizes.ts';

export function CartWidget() {
  const b = useBasket();
  const [location] = useLocation();
  const onBasket = location === href('basket');
  useEffect(() => {
    if (onBasket) closeDropdown();
  }, [onBasket]);
  const lines = project(b.cart, b.queue).map(lineView);
  const total = summary(b.cart).sum;
  const known = useKnown().basket;
  return (
    <div className="cart-widget" onMouseEnter={() => pointerEntered(onBasket, lines.length)} onMouseLeave={pointerLeft}>
      <Link href={href('basket')} className="icon-button header__cart" aria-label={known ? `Корзина: ${lines.length}` : 'Корзина'}>
        <BagIcon />
        {known ? (
          <span data-testid="basket-count" className="header__badge">
            {lines.length}
          </span>
        ) : (
          <CountNotKnownYet className="header__badge" />
        )}
      </Link>
      {b.dropdownOpen && (
        <div className="cart-dropdown" data-testid="cart-dropdown">
          <ul>
            {lines.map((l) => (
              <li key={l.ext_id} className={l.pending ? 'is-pending' : undefined}>
                {l.image && <Picture src={l.image} alt="" sizes={PICTURE_SIZES.smallLine} width={48} height={62} loading="lazy" />}
                <span className="cart-dropdown__text">
                  <Link href={l.href}>{l.name}</Link>
                  <small className="muted">
                    {l.brand}
                    {l.features ? ` · ${l.features}` : ''}
                  </small>
                  <small>
                    {l.quantity} × {formatPrice(l.price)}
                    {l.pending ? ' · ожидает отправки' : ''}
                  </small>
                </span>
              </li>
            ))}
          </ul>
          <p className="cart-dropdown__total">
            Итого: <strong>{formatPrice(total)}</strong>
          </p>
          <Link href={href('basket')} className="button">
            Перейти в корзину
          </Link>
        </div>
      )}
    </div>
  );
}
