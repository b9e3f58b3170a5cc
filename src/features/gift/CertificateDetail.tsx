// One certificate: picture, name, nominal, description and 'Добавить в корзину'. An unknown slug shows the
// 'Ошибка' page; a list that cannot be loaded says so instead.
import { Link } from 'wouter';
import { Breadcrumbs } from '../../components/Breadcrumbs.tsx';
import { ErrorPage } from '../../components/ErrorPage.tsx';
import { formatPrice } from '../../../common/money.ts';
import { href } from '../../../common/routes.ts';
import { AddCertificate } from './AddCertificate.tsx';
import { certificatesCrumbs } from './crumbs.ts';
import { keepSumsTogether } from './gift-text.ts';
import { useCertificates } from './use-certificates.ts';

export function CertificateDetail({ slug }: { slug: string }) {
  const list = useCertificates();
  const c = list.data?.find((x) => x.slug === slug);

  if (list.data && !c) return <ErrorPage statusCode={404} />;
  if (!c) {
    return list.error !== null ? (
      <p className="notice" role="alert">
        Не удалось загрузить сертификат. Проверьте подключение к интернету и обновите страницу.
      </p>
    ) : (
      <p className="muted page-loading">Загружаем сертификат…</p>
    );
  }
  return (
    <article className="gift gift-detail" data-ext-id={c.ext_id}>
      <Breadcrumbs crumbs={certificatesCrumbs()} current={c.name} />
      <div className="gift-detail__main">
        <img src={c.image} alt={c.name} width={600} height={380} className="gift-detail__picture" />
        <div className="gift-detail__info">
          <h1 className="gift-detail__name">{keepSumsTogether(c.name)}</h1>
          <p className="price gift-detail__nominal" data-testid="nominal">
            {formatPrice(c.nominal)}
          </p>
          <p>{c.description}</p>
          <AddCertificate certificate={c} />
          <p className="muted">
            <Link href={href('giftsert')}>Как купить и использовать сертификат</Link>
            {' · '}
            <Link href={href('card')}>Проверить баланс карты</Link>
          </p>
        </div>
      </div>
    </article>
  );
}
