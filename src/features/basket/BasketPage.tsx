// The basket page (spec §2 /basket): every line with name, brand, size features, price, quantity and
// total; queued changes marked as waiting to be sent; refused changes explained; the summary; checkout.
// What comes and goes while changes are sent (the note under the summary, a line's mark) moves no line and
// no button: a tap made as the note goes lands where the shopper aimed.
// The server renders it with the shopper's confirmed basket; shown before the page knows the basket (the
// app shell offline, a shopper the server could not tell), it says neither "empty" nor anything else.
import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { Breadcrumbs } from '../../components/Breadcrumbs.tsx';
import { lineView, type LineView } from '../../components/basket-lines.ts';
import { HOME_CRUMB } from '../../lib/breadcrumbs.ts';
import { formatPrice } from '../../../common/money.ts';
import { href } from '../../../common/routes.ts';
import { dismissNotice, summary, useBasket } from '../../state/basket.ts';
import { signedInHint } from '../../state/auth.ts';
import { clearBasket, preloadBasketChanges, removeLine, stepQuantity } from '../../state/basket-actions.ts';
import { closeDropdown } from '../../state/basket-dropdown.ts';
import { useCheckout } from '../../state/checkout.ts';
import { project } from '../../../common/basket-queue.ts';
import { openPopup } from '../../state/popups.ts';
import { useUi } from '../../state/ui.ts';
import { useKnown } from '../../state/personal.ts';
import { NotKnownYet } from '../../components/NotKnownYet.tsx';
import './basket.css';
import { Picture } from '../../components/Picture.tsx';
import { PICTURE_SIZES } from '../../components/picture-sizes.ts';

export default function BasketPage() {
  const b = useBasket();
  const { anonymous } = useCheckout();
  const [, navigate] = useLocation();
  // Spec §2: a signed-out shopper chooses between logging in, registering and going on anonymously.
  const checkoutClicked = () => (signedInHint() || anonymous ? navigate(href('basket-delivery')) : openPopup('signup-choice'));
  const { online } = useUi();
  const known = useKnown().basket;
  useEffect(closeDropdown, []); // spec §4: the dropdown closes when the basket route opens
  useEffect(preloadBasketChanges, []);
  const lines = project(b.cart, b.queue).map(lineView);
  const confirmed = summary(b.cart);
  return (
    <div className="basket">
      <Breadcrumbs crumbs={[HOME_CRUMB]} current="Корзина" />
      <h1>Корзина</h1>
      {b.notices.map((n) => (
        <p key={n.id} className="notice notice--error" role="alert">
          {n.text}{' '}
          <button type="button" className="link-button" onClick={() => dismissNotice(n.id)}>
            Понятно
          </button>
        </p>
      ))}
      {!known ? (
        <NotKnownYet label="Загружаем корзину…" lines={1} testId="basket-not-known" />
      ) : lines.length === 0 ? (
        <div className="notice">
          <p>В корзине пока пусто.</p>
          <Link href={href('new')} className="button">
            Смотреть новинки
          </Link>
          {/* Emptied by changes not sent yet: the shop still holds the lines until they are. */}
          <PendingNote queued={b.queue.length} online={online} />
        </div>
      ) : (
        <>
          <ul className="basket__lines" data-testid="basket-lines">
            {lines.map((l) => (
              <BasketLine key={l.ext_id} line={l} />
            ))}
          </ul>
          <div className="basket__summary" data-testid="basket-summary">
            <p>
              Товаров: <strong>{confirmed.count}</strong>
            </p>
            <p className="basket__total">
              Итого: <strong>{formatPrice(confirmed.sum)}</strong>
            </p>
            <div className="basket__actions">
              <button type="button" className="link-button" onClick={() => void clearBasket()}>
                Очистить корзину
              </button>
              <button type="button" className="button" onClick={checkoutClicked}>
                Оформить заказ
              </button>
            </div>
            {/* Last in the summary: coming and going as each change is sent, it moves no line and no button. */}
            <PendingNote queued={b.queue.length} online={online} />
          </div>
        </>
      )}
    </div>
  );
}

function BasketLine({ line }: { line: LineView }) {
  const label = `${line.name}${line.features ? `, ${line.features}` : ''}`;
  // Every part keeps its place whatever the quantity or the sending: the mark's line is always there (seen
  // only while the change waits), and so is the unit price's (seen from a quantity of 2); the columns are fixed.
  return (
    <li className={`basket-line${line.pending ? ' is-pending' : ''}`} data-ext-id={line.ext_id}>
      <div className="basket-line__image">
        {line.image && <Picture src={line.image} alt="" sizes={PICTURE_SIZES.basketLine} width={80} height={104} />}
      </div>
      <div className="basket-line__info">
        <Link href={line.href} className="basket-line__name">
          {line.name}
        </Link>
        <p className="muted">
          {line.brand}
          {line.features ? ` · ${line.features}` : ''}
        </p>
        <p className="basket-line__pending" aria-hidden={!line.pending}>
          Ожидает отправки
        </p>
      </div>
      <div className="basket-line__controls">
        <div className="basket-line__qty" role="group" aria-label={`Количество: ${line.name}`}>
          <button type="button" aria-label="Уменьшить" disabled={line.quantity <= 1} onClick={() => void stepQuantity(line, -1, label)}>
            −
          </button>
          <span className="basket-line__count" data-testid="quantity">
            {line.quantity}
          </span>
          <button type="button" aria-label="Увеличить" onClick={() => void stepQuantity(line, 1, label)}>
            +
          </button>
        </div>
        <div className="basket-line__price">
          <span className="price">{formatPrice(line.price * line.quantity)}</span>
          <span className="muted basket-line__unit-price" aria-hidden={line.quantity <= 1}>
            {formatPrice(line.price)} × {line.quantity}
          </span>
        </div>
      </div>
      <button
        type="button"
        className="basket-line__remove"
        aria-label={`Удалить: ${line.name}`}
        onClick={() => void removeLine(line, label)}
      >
        ×
      </button>
    </li>
  );
}

/** Says that changes wait to be sent (and why), while any do; a live region, so it is heard as it comes and goes. */
function PendingNote({ queued, online }: { queued: number; online: boolean }) {
  return (
    <div role="status">
      {queued > 0 && (
        <p className="basket__pending" data-testid="pending-note">
          {online ? 'Отправляем изменения корзины…' : 'Нет связи: изменения корзины сохранены и отправятся, когда появится интернет.'} Сумма
          обновится, когда магазин подтвердит изменения.
        </p>
      )}
    </div>
  );
}
