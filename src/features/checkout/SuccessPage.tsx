// /basket/success: back from the payment page; the paid order, and the 'Ваша заказ принят' popup if the
// shopper has not yet seen it for this order. Once the order is paid the shop offers to tell of its status by
// notifications (state/push.ts decides whether to ask): here, after paying, not on the order's page, where
// the card would sit over the «Оплатить» button.
import { useEffect } from 'react';
import { Link, useSearch } from 'wouter';
import { suggestPushNow } from '../../state/suggest-push.ts';
import { getOrderInfo } from '../../api/orders.ts';
import { OrderLines } from '../../components/OrderLines.tsx';
import { useLoad } from '../../components/use-load.ts';
import { href } from '../../../common/routes.ts';
import { OrderAcceptedPopup } from './OrderAcceptedPopup.tsx';
import { isPaid } from '../../../common/order-status.ts';
import './checkout.css';

export default function SuccessPage() {
  const guid = new URLSearchParams(useSearch()).get('guid') ?? '';
  const order = useLoad(guid ? `order:${guid}` : null, () => getOrderInfo(guid));
  const info = order.data?.order_info;
  const paid = !!info && isPaid(info);
  useEffect(() => {
    if (paid) void suggestPushNow('order');
  }, [paid]);
  return (
    <div className="checkout">
      <h1>Спасибо за заказ!</h1>
      {info ? (
        <>
          <p>
            Заказ № <strong>{info.number}</strong> {isPaid(info) ? 'оплачен' : 'ждёт оплаты'}. Письмо с подтверждением отправлено на вашу
            почту.
          </p>
          <OrderLines info={info} />
        </>
      ) : (
        order.error !== null && <p className="notice">Не удалось загрузить заказ, но он сохранён: менеджер свяжется с вами.</p>
      )}
      <p>
        <Link href={href('index')} className="button">
          Вернуться в магазин
        </Link>
      </p>
      <OrderAcceptedPopup />
    </div>
  );
}
