// /basket/delivery: the buyer's data (fio, e-mail, phone with the +7(###)-###-##-## mask), the city (search
// as you type), the delivery method and price from the shop's tariffs, how to pay (online by card, or on
// receipt where the method allows it), fitting at the door where the courier offers it, the promo code, the
// totals, and placing the order (one Idempotency-Key per attempt, so a double click or a resend makes one order). A
// signed-in shopper finds the form filled from the profile, may pick a saved address and spend bonus points.
// The delivery widget's script loads here when the shop is configured with one. A placed order may bring
// the notifications prompt (order status news, state/push.ts).
import { useEffect, useState, type FormEvent } from 'react';
import { IMaskInput } from 'react-imask';
import { Link, useLocation } from 'wouter';
import { ApiError } from '../../api/api-error.ts';
import { calcDelivery, checkPromoCode, placeOrder } from '../../api/orders.ts';
import { Breadcrumbs } from '../../components/Breadcrumbs.tsx';
import { CitySearch } from '../../components/CitySearch.tsx';
import { Field } from '../../components/Field.tsx';
import { useLoad } from '../../components/use-load.ts';
import { HOME_CRUMB } from '../../lib/breadcrumbs.ts';
import { formatPrice } from '../../../common/money.ts';
import { orderTotal } from '../../../common/order-rules.ts';
import { plural } from '../../../common/plural.ts';
import { PAYMENT_METHODS, type PaymentMethod } from '../../../common/order-status.ts';
import { href } from '../../../common/routes.ts';
import { PHONE_MASK, phoneForServer } from '../../../common/input-rules.ts';
import { useAuth } from '../../state/auth.ts';
import { summary, useBasket } from '../../state/basket.ts';
import { checkout, chooseCity, orderPlaced, useCheckout } from '../../state/checkout.ts';
import { refreshCart } from '../../state/outbox.ts';
import { loadDeliveryWidget } from '../../state/third-party.ts';
import { orderAccepted, useUi } from '../../state/ui.ts';
import { BonusPoints } from './BonusPoints.tsx';
import { checkDeliveryForm, payOnReceipt, type FormErrors, type OnReceipt } from './checkout-rules.ts';
import { SavedAddresses } from './SavedAddresses.tsx';
import { PickupPoints } from './PickupPoints.tsx';
import './checkout.css';

export default function DeliveryPage() {
  const b = useBasket();
  const c = useCheckout();
  const { city } = useUi();
  const [, navigate] = useLocation();
  const [errors, setErrors] = useState<FormErrors>({});
  const [failure, setFailure] = useState('');
  const [sending, setSending] = useState(false);
  const goods = summary(b.cart).sum;
  const options = useLoad(city ? `delivery:${city.id}:${goods}` : null, () => calcDelivery(city!.id, goods));
  const chosen = options.data?.options.find((o) => o.method === c.method) ?? null;
  const discount = c.promo?.discount ?? 0;
  const { user } = useAuth();
  const bonus = user ? c.bonus : 0;
  const total = orderTotal({ items: goods, promoDiscount: discount, bonus, delivery: chosen?.price ?? 0 });
  const onReceipt = payOnReceipt(chosen, total);
  const payment = c.payment === 'on_receipt' && onReceipt === 'offered' ? 'on_receipt' : 'card';
  const pieces = b.cart.reduce((n, l) => n + l.quantity, 0);
  const fittingMax = chosen?.fitting_items_max ?? null;
  const fitting = c.fitting && fittingMax !== null && pieces <= fittingMax;
  // A carrier's pickup method sends the parcel to the point the buyer chooses.
  const needsPoint = chosen?.method === 'pickup' && chosen.carrier !== null;

  useEffect(() => {
    void loadDeliveryWidget();
  }, []);

  // The signed-in shopper's profile fills what the form does not have yet.
  useEffect(() => {
    if (!user) return;
    const fio = [user.last_name, user.first_name, user.second_name].filter(Boolean).join(' ');
    if (!checkout.fio.trim() && fio) checkout.fio = fio;
    if (!checkout.email.trim() && user.email) checkout.email = user.email;
    if (!checkout.phone.replace(/\D/g, '').slice(1) && user.phone) checkout.phone = user.phone;
  }, [user]);

  useEffect(() => {
    if (options.data && !options.data.options.some((o) => o.method === checkout.method) && options.data.options[0]) {
      checkout.method = options.data.options[0].method;
    }
  }, [options.data]);

  if (!b.cart.length && !b.queue.length) {
    return (
      <div className="checkout">
        <h1>Оформление заказа</h1>
        <p className="notice">
          В корзине пусто. <Link href={href('index')}>Выбрать товары</Link>
        </p>
      </div>
    );
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = checkDeliveryForm(
      { fio: c.fio, email: c.email, phone: c.phone, cityChosen: !!city, method: chosen?.method ?? null, address: c.address },
      true,
    );
    // The live store, not the render's snapshot: this page draws nothing of the point, so it may not have redrawn.
    const point = checkout.point;
    if (needsPoint && !point) found.point = 'Выберите пункт выдачи из списка';
    else if (needsPoint && payment === 'on_receipt' && !point?.cash)
      found.point = 'В этом пункте выдачи нельзя оплатить при получении: выберите другой пункт или оплату картой';
    setErrors(found);
    setFailure('');
    if (Object.keys(found).length || !city || !chosen || b.queue.length) return;
    setSending(true);
    try {
      const order = await placeOrder(
        {
          buyer: { fio: c.fio.trim(), email: c.email.trim().toLowerCase(), phone: phoneForServer(c.phone) },
          region_id: city.region_id,
          city_id: city.id,
          address: chosen.method === 'courier' ? c.address.trim() : undefined,
          delivery_method: chosen.method,
          payment_method: payment,
          fitting: fitting || undefined,
          pickup_point: needsPoint ? point?.code : undefined,
          promo_code: c.promo?.code,
          bonus: bonus || undefined,
          comment: c.comment.trim() || undefined,
        },
        c.orderKey,
      );
      orderPlaced();
      orderAccepted();
      void refreshCart();
      navigate(href('basket-delivery-confirm', { guid: order.guid }));
    } catch (err) {
      setFailure(
        err instanceof ApiError && err.status > 0 && err.status < 500
          ? err.message
          : 'Не удалось оформить заказ: нет связи с магазином. Попробуйте ещё раз.',
      );
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="checkout" onSubmit={submit} noValidate>
      <Breadcrumbs crumbs={[HOME_CRUMB, { label: 'Корзина', href: href('basket') }]} current="Оформление заказа" />
      <h1>Оформление заказа</h1>
      <section className="checkout__section">
        <h2>Покупатель</h2>
        <Field id="fio" label="Фамилия, имя и отчество" error={errors.fio}>
          <input id="fio" autoComplete="name" value={c.fio} aria-invalid={!!errors.fio} onChange={(e) => (checkout.fio = e.target.value)} />
        </Field>
        <Field id="email" label="E-mail" error={errors.email}>
          <input
            id="email"
            type="email"
            autoComplete="email"
            value={c.email}
            aria-invalid={!!errors.email}
            onChange={(e) => (checkout.email = e.target.value)}
          />
        </Field>
        <Field id="phone" label="Телефон" error={errors.phone}>
          <IMaskInput
            id="phone"
            mask={PHONE_MASK}
            lazy={false}
            inputMode="tel"
            autoComplete="tel"
            value={c.phone}
            aria-invalid={!!errors.phone}
            onAccept={(v: string) => (checkout.phone = v)}
          />
        </Field>
      </section>
      <section className="checkout__section">
        <h2>Доставка</h2>
        {user && <SavedAddresses userKey={user.email ?? user.phone} />}
        <CitySearch city={city} onChoose={chooseCity} error={errors.city} />
        {city && options.loading && <p className="muted">Считаем доставку…</p>}
        {city && options.error !== null && <p className="form-error">Не удалось рассчитать доставку. Проверьте подключение.</p>}
        {options.data && (
          <fieldset className="delivery-options">
            <legend>Способ доставки</legend>
            {options.data.options.map((o) => (
              <label key={o.method} className="delivery-option">
                <input
                  type="radio"
                  name="method"
                  value={o.method}
                  checked={c.method === o.method}
                  onChange={() => (checkout.method = o.method)}
                />
                <span>
                  <strong>{o.name}</strong> — {o.price === 0 ? 'бесплатно' : formatPrice(o.price)}, {o.days_min}–{o.days_max} дн.
                </span>
              </label>
            ))}
            {errors.method && <p className="form-error">{errors.method}</p>}
          </fieldset>
        )}
        {c.method === 'courier' && (
          <Field id="address" label="Адрес: улица, дом, квартира" error={errors.address}>
            <input
              id="address"
              autoComplete="street-address"
              value={c.address}
              aria-invalid={!!errors.address}
              onChange={(e) => (checkout.address = e.target.value)}
            />
          </Field>
        )}
        {needsPoint && city && <PickupPoints cityId={city.id} payOnReceipt={payment === 'on_receipt'} error={errors.point} />}
        {fittingMax !== null && <FittingChoice fitting={fitting} pieces={pieces} max={fittingMax} />}
        <Field id="comment" label="Комментарий к заказу">
          <textarea id="comment" rows={2} value={c.comment} onChange={(e) => (checkout.comment = e.target.value)} />
        </Field>
      </section>
      {chosen && <PaymentChoice payment={payment} onReceipt={onReceipt} upto={chosen.pay_on_receipt_upto} />}
      <PromoCode sum={goods} />
      {user && <BonusPoints goodsAfterPromo={Math.max(0, goods - discount)} userKey={user.email ?? user.phone} />}
      <section className="checkout__totals" data-testid="checkout-totals">
        <p>
          Товары ({b.cart.length}): <span>{formatPrice(goods)}</span>
        </p>
        {discount > 0 && (
          <p>
            Скидка по промокоду: <span>−{formatPrice(discount)}</span>
          </p>
        )}
        {bonus > 0 && (
          <p>
            Оплата баллами: <span>−{formatPrice(bonus)}</span>
          </p>
        )}
        <p>
          Доставка: <span>{chosen ? (chosen.price ? formatPrice(chosen.price) : 'бесплатно') : '—'}</span>
        </p>
        <p className="checkout__total">
          {payment === 'on_receipt' ? 'К оплате при получении' : 'К оплате'}: <strong>{formatPrice(total)}</strong>
        </p>
        {b.queue.length > 0 && (
          <p className="notice">Дождитесь, пока изменения корзины дойдут до магазина: заказ собирается из подтверждённой корзины.</p>
        )}
        {failure && (
          <p className="form-error" role="alert">
            {failure}
          </p>
        )}
        <button type="submit" className="button button--big" disabled={sending || b.queue.length > 0}>
          {sending ? 'Оформляем…' : 'Оформить заказ'}
        </button>
      </section>
    </form>
  );
}

/** Fitting at the door, where the chosen delivery offers it, for no more goods than it brings. */
function FittingChoice({ fitting, pieces, max }: { fitting: boolean; pieces: number; max: number }) {
  const tooMany = pieces > max;
  return (
    <label className="delivery-option">
      <input type="checkbox" checked={fitting} disabled={tooMany} onChange={(e) => (checkout.fitting = e.target.checked)} />
      <span>
        <strong>Примерка перед покупкой</strong> — оплачиваются только подошедшие вещи и доставка.{' '}
        {tooMany ? `На примерку можно заказать не больше ${max} ${plural(max, ['вещи', 'вещей', 'вещей'])}.` : ''}{' '}
        <Link href={href('fitting-conditions')}>Условия примерки</Link>
      </span>
    </label>
  );
}

/**
 * How the buyer pays: online by card, or on receipt where the chosen delivery offers it (up to its sum; never
 * with a gift certificate, whose card is mailed once paid: the server says no such method then).
 */
function PaymentChoice({ payment, onReceipt, upto }: { payment: PaymentMethod; onReceipt: OnReceipt; upto: number | null }) {
  return (
    <section className="checkout__section">
      <fieldset className="delivery-options">
        <legend>Способ оплаты</legend>
        <label className="delivery-option">
          <input type="radio" name="payment" value="card" checked={payment === 'card'} onChange={() => (checkout.payment = 'card')} />
          <span>
            <strong>{PAYMENT_METHODS.card}</strong> — после оформления заказа
          </span>
        </label>
        {onReceipt !== 'not offered' && (
          <label className="delivery-option">
            <input
              type="radio"
              name="payment"
              value="on_receipt"
              checked={payment === 'on_receipt'}
              disabled={onReceipt === 'over the sum'}
              onChange={() => (checkout.payment = 'on_receipt')}
            />
            <span>
              <strong>{PAYMENT_METHODS.on_receipt}</strong>
              {onReceipt === 'over the sum' && upto !== null ? ` — для заказов до ${formatPrice(upto)}` : ' — курьеру или в пункте выдачи'}
            </span>
          </label>
        )}
      </fieldset>
    </section>
  );
}

function PromoCode({ sum }: { sum: number }) {
  const c = useCheckout();
  const [code, setCode] = useState(c.promo?.code ?? '');
  const [message, setMessage] = useState('');
  const apply = async () => {
    if (!code.trim()) return;
    try {
      const res = await checkPromoCode(code.trim().toUpperCase(), sum);
      checkout.promo = res;
      setMessage(res.message);
    } catch (err) {
      checkout.promo = null;
      setMessage(err instanceof ApiError && err.status > 0 ? err.message : 'Не удалось проверить промокод: нет связи');
    }
  };
  return (
    <section className="checkout__section promo">
      <h2>Промокод</h2>
      <div className="promo__row">
        <input aria-label="Промокод" value={code} onChange={(e) => setCode(e.target.value)} placeholder="Например, LETO10" />
        <button type="button" className="button button--ghost" onClick={() => void apply()}>
          Применить
        </button>
      </div>
      {message && (
        <p className={c.promo ? 'promo__ok' : 'form-error'} role="status">
          {message}
        </p>
      )}
    </section>
  );
}
