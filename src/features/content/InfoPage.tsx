// Page of the information routes (spec §2: /about, /contacts, /cookie, /delivery-and-payments, ...): the
// page's title and text from GET /v1/about/{path}, rendered sanitized; an unknown page is the error page.
import { ApiError } from '../../api/api-error.ts';
import { Breadcrumbs } from '../../components/Breadcrumbs.tsx';
import { ErrorPage } from '../../components/ErrorPage.tsx';
import { RichText } from '../../components/RichText.tsx';
import { useAsk } from '../../components/use-load.ts';
import { HOME_CRUMB } from '../../lib/breadcrumbs.ts';
import { infoPage } from '../../../common/pages/content.ts';
import { usePageAt } from '../../components/use-page-at.ts';
import { useOwnHead } from '../../components/use-page-title.ts';
import './content.css';

export default function InfoPage() {
  const at = usePageAt();
  const route = at.route;
  const page = useAsk(infoPage.asks!(at).page);
  const p = page.data;
  useOwnHead(p ? infoPage.head?.(at, { page: p }) : null);
  if (page.error instanceof ApiError && page.error.status === 404) return <ErrorPage statusCode={404} />;
  return (
    <article className="info-page">
      <Breadcrumbs crumbs={[HOME_CRUMB]} current={p?.title ?? route.crumb} />
      {page.error ? (
        <p className="notice notice--error">Не удалось загрузить страницу. Проверьте подключение к интернету и обновите страницу.</p>
      ) : !p ? (
        <p className="muted">Загружаем…</p>
      ) : (
        <>
          <h1>{p.title}</h1>
          <RichText html={p.body_html} />
        </>
      )}
    </article>
  );
}
