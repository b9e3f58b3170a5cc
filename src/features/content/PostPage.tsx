// Page of /blog/{slug} and /news/{slug}: one post (GET /v1/{content}/{id}) with its date and picture; the
// text from the server is rendered sanitized (components/RichText.tsx). An unknown slug is the error page.
import { ApiError } from '../../api/api-error.ts';
import { Breadcrumbs } from '../../components/Breadcrumbs.tsx';
import { ErrorPage } from '../../components/ErrorPage.tsx';
import { Picture } from '../../components/Picture.tsx';
import { PICTURE_SIZES } from '../../components/picture-sizes.ts';
import { RichText } from '../../components/RichText.tsx';
import { useAsk } from '../../components/use-load.ts';
import { usePageAt } from '../../components/use-page-at.ts';
import { formatDate } from '../../lib/dates.ts';
import { useNow } from '../../state/seeds.ts';
import { useOwnHead } from '../../components/use-page-title.ts';
import { kindOf, postPage } from '../../../common/pages/content.ts';
import { kindCrumbs } from './kinds.ts';
import './content.css';

export default function PostPage() {
  const at = usePageAt();
  const kind = kindOf(at);
  const post = useAsk(postPage.asks!(at).post);
  const p = post.data;
  useOwnHead(p ? postPage.head?.(at, { post: p }) : null);
  const now = useNow();
  if (post.error instanceof ApiError && post.error.status === 404) return <ErrorPage statusCode={404} />;
  return (
    <article className="post">
      <Breadcrumbs crumbs={kindCrumbs(kind)} current={p?.title} />
      {post.error ? (
        <p className="notice notice--error">Не удалось загрузить запись. Проверьте подключение к интернету и обновите страницу.</p>
      ) : !p ? (
        <p className="muted">Загружаем…</p>
      ) : (
        <>
          <h1>{p.title}</h1>
          <time dateTime={p.published_at} className="muted">
            {formatDate(p.published_at, now)}
          </time>
          {p.image && (
            <Picture
              className="post__image"
              src={p.image}
              alt=""
              sizes={PICTURE_SIZES.post}
              width={720}
              height={480}
              fetchPriority="high"
            />
          )}
          <RichText html={p.body_html} />
        </>
      )}
    </article>
  );
}
