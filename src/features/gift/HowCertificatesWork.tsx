// The short rules of certificates shown under the list: validity, spending in parts, online and in the shop.
import { Link } from 'wouter';
import { href } from '../../../common/routes.ts';

export function HowCertificatesWork() {
  return (
    <section className="gift-rules" aria-labelledby="gift-rules-title">
      <h2 id="gift-rules-title">Как работает сертификат</h2>
      <ul className="gift-rules__list">
        <li>
          <strong>Действует год</strong>
          <span>с момента покупки: хватит времени дождаться нового сезона.</span>
        </li>
        <li>
          <strong>Тратится по частям</strong>
          <span>остаток сохраняется на карте до конца срока, а если заказ дороже — разницу можно доплатить.</span>
        </li>
        <li>
          <strong>Онлайн и в магазине</strong>
          <span>код сертификата принимается при оформлении заказа на сайте и на кассе нашего магазина.</span>
        </li>
      </ul>
      <p>
        <Link href={href('giftsert')}>Подробнее о покупке и использовании</Link>
        {' · '}
        <Link href={href('card')}>Проверить баланс карты</Link>
      </p>
    </section>
  );
}
