// /basket/delivery/confirm/{guid}: the placed order from POST /v1/get_order_info/ and its payment through
// POST /v1/order_payment/ (the shop's payment page, then back to /basket/success). A failed load sets the
// order's error flag and says so (spec §8). The 'Ваша заказ принят' popup greets a just-placed order. An
// unpaid order says until when its goods are held; one paid on receipt says what the buyer pays at the
// hand-over, and offers no online payment; a cancelled one says why and offers no payment.
import { useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { ApiError } from '../../api/api-error.ts';
import { getOrderInfo, startPayment } from '../../api/orders.ts';
import { Breadcrumbs } from '../../components/Breadcrumbs.tsx';
import { OrderLines } from '../../components/OrderLines.tsx';
import { useLoad } from '../../components/use-load.ts';
import { HOME_CRUMB } from '../../lib/breadcrumbs.ts';
import { formatDeadline } from '../../lib/dates.ts';
import { href, matchRoute } from '../../../common/routes.ts';
import { GiftCardPayment } from './GiftCardPayment.tsx';
import { OrderAcceptedPopup } from './OrderAcceptedPopup.tsx';
import { canMove, isCancelled, isPaid, isRefunded, isRefunding, ORDER, paysOnReceipt } from '../../../common/order-status.ts';
import { formatPrice } from '../../../common/money.ts';
import './checkout.css';

/** What a cancelled order's page says: where its money is when it had been paid, else that its goods went back on sale. */
const cancelledText = (info: { payment_status: string }): string =>
  isRefunding(info)
    ? 'Заказ отменён. Деньги возвращаются на карту, которой он был оплачен.'
    : isRefunded(info)
      ? 'Заказ отменён. Деньги вернулись на карту, которой он был оплачен.'
      : 'Заказ отменён, товары вернулись в продажу.';

/** What the order page says when the payment page sends the buyer back (?payment=…) and the order is not paid. */
const PAYMENT_RETURN_TEXT: Record<string, string | undefined> = {
  abandoned: 'Оплата отменена. Можно оплатить ещё раз.',
  failed: 'Оплата не прошла. Можно попробовать ещё раз или оплатить другой картой.',
  pending: 'Банк ещё не подтвердил оплату. Обновите страницу через минуту: заказ отметится оплаченным, как только банк ответит.',
  late: 'Оплата пришла, когда заказ её уже не ждал. Менеджер магазина свяжется с вами, чтобы вернуть деньги или зачесть их в заказ.',
};

export default function ConfirmPage() {
  const [path] = useLocation();
  const search = useSearch();
  const guid = matchRoute(path)?.params.guid ?? '';
  const [version, setVersion] = useState(0);
  const order = useLoad(guid ? `order:${guid}:${version}` : null, () => getOrderInfo(guid));
  const [paying, setPaying] = useState(false);
  const [payError, setPayError] = useState('');
  const info = order.data?.order_info;
  const returned = PAYMENT_RETURN_TEXT[new URLSearchParams(search).get('payment') ?? ''];

  const pay = async () => {
    setPaying(true);
    setPayError('');
    try {
      const { payment_url } = await startPayment(guid);
      location.assign(payment_url);
    } catch (err) {
      setPaying(false);
      // The server's refusal (e.g. no online payment, the order already paid) is said as it is.
      setPayError(
        err instanceof ApiError && !err.isNetwork
          ? err.message
          : 'Не удалось перейти к оплате. Проверьте подключение и попробуйте ещё раз.',
      );
    }
  };

  return (
    <div className="checkout">
      <Breadcrumbs crumbs={[HOME_CRUMB, { label: 'Корзина', href: href('basket') }]} current="Подтверждение заказа" />
      {!guid || (order.error !== null && !info) ? (
        <>
          <h1>Заказ</h1>
          <p className="notice" role="alert" data-error="true">
            Не удалось загрузить заказ. Проверьте ссылку или подключение к интернету.
          </p>
        </>
      ) : !info ? (
        <p className="muted">Загружаем заказ…</p>
      ) : (
        <>
          <h1>Заказ № {info.number}</h1>
          <p data-testid="order-status">
            Статус: <strong>{info.status_name}</strong>
            {info.tracking_number && (
              <>
                {' '}
                · Трек-номер отправления: <strong data-testid="tracking-number">{info.tracking_number}</strong>
              </>
            )}
          </p>
          {returned && !isPaid(info) && <p className="notice">{returned}</p>}
          <OrderLines info={info} />
          {info.pickup_point && (
            <p data-testid="pickup-point">
              Пункт выдачи СДЭК «{info.pickup_point.name}»: {info.pickup_point.address}
            </p>
          )}
          {info.fitting && (
            <p className="muted" data-testid="fitting">
              С примеркой: курьер подождёт, пока вы примеряете вещи; оплачиваются только подошедшие вещи и доставка.
            </p>
          )}
          {isPaid(info) ? (
            <p className="notice">
              Заказ оплачен. <Link href={`${href('basket-success')}?guid=${info.guid}`}>Подробнее</Link>
            </p>
          ) : isCancelled(info) ? (
            <p className="notice" data-testid="order-cancelled">
              {cancelledText(info)}
            </p>
          ) : paysOnReceipt(info) ? (
            <>
              <p className="notice" data-testid="pay-on-receipt">
                Оплата при получении, наличными или картой: <strong>{formatPrice(info.due)}</strong>.
                {canMove(info, ORDER.assembling) && ' Менеджер позвонит, чтобы подтвердить заказ, и мы его соберём.'}
              </p>
              {canMove(info, ORDER.paid) && <GiftCardPayment guid={info.guid} onPaid={() => setVersion((v) => v + 1)} />}
            </>
          ) : (
            <>
              {info.pay_until && (
                <p className="muted" data-testid="pay-until">
                  Товары отложены для вас до {formatDeadline(info.pay_until)}. Если не оплатить заказ до этого времени, он отменится.
                </p>
              )}
              <GiftCardPayment guid={info.guid} onPaid={() => setVersion((v) => v + 1)} />
              <p>
                <button type="button" className="button button--big" disabled={paying} onClick={() => void pay()}>
                  {paying ? 'Переходим к оплате…' : 'Оплатить'}
                </button>
              </p>
            </>
          )}
          {payError && (
            <p className="form-error" role="alert">
              {payError}
            </p>
          )}
          <OrderAcceptedPopup />
        </>
      )}
    </div>
  );
}
