// Page of /card «Подарочная карта»: check a gift card's balance and expiry by its code.
import { Link } from 'wouter';
import { Breadcrumbs } from '../../components/Breadcrumbs.tsx';
import { HOME_CRUMB } from '../../lib/breadcrumbs.ts';
import { href, routeTitle } from '../../../common/routes.ts';
import { BalanceForm } from './BalanceForm.tsx';
import './gift.css';

const TITLE = routeTitle('card');

export default function GiftCardPage() {
  return (
    <div className="gift gift-balance">
      <Breadcrumbs crumbs={[HOME_CRUMB]} current={TITLE} />
      <h1>{TITLE}</h1>
      <p className="gift__lead">
        Введите код с подарочной карты или из письма с сертификатом, чтобы узнать, сколько на ней осталось и до какого числа она действует.
      </p>
      <BalanceForm />
      <p className="muted">
        Картой можно оплатить заказ на сайте и покупку в магазине. <Link href={href('giftsert')}>Как это работает</Link>
        {' · '}
        <Link href={href('podarochnye-sertifikaty')}>Купить сертификат</Link>
      </p>
    </div>
  );
}
