// Paying part or all of a placed order from a gift card (POST /v1/giftcardpayment/): the card's code, what
// was taken from it, and what is left to pay.
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api/api-error.ts';
import { payWithGiftCard } from '../../api/gift.ts';
import { randomId } from '../../lib/ids.ts';
import { formatPrice } from '../../../common/money.ts';
import { CARD_CODE, cleanCardCode } from '../../../common/input-rules.ts';

export function GiftCardPayment({ guid, onPaid }: { guid: string; onPaid: () => void }) {
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [key, setKey] = useState(randomId);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!CARD_CODE.test(code)) {
      setMessage({ ok: false, text: CARD_CODE.message });
      return;
    }
    try {
      const res = await payWithGiftCard(guid, cleanCardCode(code), key);
      setKey(randomId());
      setMessage({
        ok: true,
        text: `С карты списано ${formatPrice(res.paid)}, на карте осталось ${formatPrice(res.balance)}. ${res.due ? `Осталось оплатить ${formatPrice(res.due)}.` : 'Заказ оплачен полностью.'}`,
      });
      onPaid();
    } catch (err) {
      setMessage({
        ok: false,
        text: err instanceof ApiError && err.status > 0 ? err.message : 'Не удалось списать с карты: нет связи с магазином',
      });
    }
  };
  return (
    <form className="checkout__section promo" onSubmit={submit} noValidate>
      <h2>Подарочная карта</h2>
      <div className="promo__row">
        <input
          aria-label="Код подарочной карты"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          placeholder="Например, DEMO-5000-0001"
        />
        <button type="submit" className="button button--ghost">
          Оплатить картой
        </button>
      </div>
      {message && (
        <p className={message.ok ? 'promo__ok' : 'form-error'} role="status">
          {message.text}
        </p>
      )}
    </form>
  );
}
