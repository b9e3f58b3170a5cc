// The certificates on sale as cards (picture, name, nominal) linking to each one, and how certificates work.
import { Breadcrumbs } from '../../components/Breadcrumbs.tsx';
import { HOME_CRUMB } from '../../lib/breadcrumbs.ts';
import { CertificateCard } from './CertificateCard.tsx';
import { CERTIFICATES_LABEL } from './crumbs.ts';
import { HowCertificatesWork } from './HowCertificatesWork.tsx';
import { useCertificates } from './use-certificates.ts';

export function CertificateList() {
  const list = useCertificates();
  return (
    <div className="gift">
      <Breadcrumbs crumbs={[HOME_CRUMB]} current={CERTIFICATES_LABEL} />
      <h1>{CERTIFICATES_LABEL}</h1>
      <p className="gift__lead">Не знаете, что подарить? Подарите выбор: купальник, бельё или летний образ на вкус получателя.</p>
      {list.error !== null && !list.data && (
        <p className="notice" role="alert">
          Не удалось загрузить сертификаты. Проверьте подключение к интернету и обновите страницу.
        </p>
      )}
      {list.loading && !list.data && <p className="muted page-loading">Загружаем сертификаты…</p>}
      {list.data && list.data.length === 0 && <p className="notice">Сейчас сертификатов в продаже нет. Загляните позже.</p>}
      {list.data && list.data.length > 0 && (
        <ul className="gift-grid" data-testid="certificates">
          {list.data.map((c) => (
            <li key={c.slug}>
              <CertificateCard certificate={c} />
            </li>
          ))}
        </ul>
      )}
      <HowCertificatesWork />
    </div>
  );
}
