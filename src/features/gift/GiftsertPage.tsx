// Page of /giftsert: how to buy a certificate, how to pay with it online and in the shop, its rules, and
// where to check the balance; links to the certificates list.
import { Link } from 'wouter';
import { Breadcrumbs } from '../../components/Breadcrumbs.tsx';
import { href, routeTitle } from '../../../common/routes.ts';
import { certificatesCrumbs } from './crumbs.ts';
import './gift.css';

const TITLE = routeTitle('giftsert');

export default function GiftsertPage() {
  return (
    <article className="gift gift-info">
      <Breadcrumbs crumbs={certificatesCrumbs()} current="Как купить и использовать" />
      <h1>{TITLE}</h1>
      <p className="gift__lead">
        Подарочный сертификат — простой способ порадовать близких: получатель сам выберет купальник, бельё или летний образ по своему вкусу
        и размеру.
      </p>

      <section>
        <h2>Как купить</h2>
        <ol className="gift-steps">
          <li>
            Выберите номинал в <Link href={href('podarochnye-sertifikaty')}>каталоге сертификатов</Link>.
          </li>
          <li>Добавьте сертификат в корзину и оформите заказ, как обычную покупку. Его можно купить вместе с другими товарами.</li>
          <li>
            После оплаты код сертификата придёт на электронную почту, указанную в заказе. Перешлите письмо получателю или распечатайте его.
          </li>
        </ol>
        <p>Сертификат электронный: ждать курьера не нужно, код приходит сразу после оплаты.</p>
      </section>

      <section>
        <h2>Как оплатить сертификатом</h2>
        <ul className="gift-info__list">
          <li>
            <strong>На сайте.</strong> При оформлении заказа введите код в поле «Подарочная карта». Сумма заказа уменьшится на остаток
            сертификата; если заказ дороже, разницу можно доплатить банковской картой.
          </li>
          <li>
            <strong>В магазине.</strong> Назовите код на кассе или покажите письмо с сертификатом на экране телефона. Адрес и часы работы —
            на странице <Link href={href('contacts')}>«Контакты»</Link>.
          </li>
        </ul>
      </section>

      <section>
        <h2>Правила</h2>
        <ul className="gift-info__list">
          <li>Сертификат действует 12 месяцев с даты покупки.</li>
          <li>Его можно тратить частями: остаток сохраняется до конца срока действия.</li>
          <li>Сертификатом оплачиваются любые товары магазина, кроме других сертификатов.</li>
          <li>Сертификат не именной: воспользоваться им может любой, кто знает код. Храните код так же бережно, как пин-код карты.</li>
          <li>
            Товар, оплаченный сертификатом, можно вернуть по общим <Link href={href('return-goods')}>правилам возврата</Link>.
          </li>
        </ul>
      </section>

      <section>
        <h2>Сколько осталось на сертификате</h2>
        <p>
          Остаток и срок действия можно узнать в любой момент на странице <Link href={href('card')}>«Подарочная карта»</Link> — достаточно
          ввести код.
        </p>
      </section>

      <p className="gift-info__actions">
        <Link href={href('podarochnye-sertifikaty')} className="button button--big">
          Выбрать сертификат
        </Link>
        <Link href={href('card')} className="button button--big button--ghost">
          Проверить баланс
        </Link>
      </p>
    </article>
  );
}
