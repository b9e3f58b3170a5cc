// Page of /blog and /news (spec §2): posts newest first, 24 a page (GET /v1/{content}?offset={n}), each
// with its picture, date in the Russian format of spec §9 and preview; the page number is in the URL.
import { Link } from 'wouter';
import { PAGE_SIZE } from '../../../common/catalog-basics.ts';
import { Breadcrumbs } from '../../components/Breadcrumbs.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { Picture } from '../../components/Picture.tsx';
import { PICTURE_SIZES } from '../../components/picture-sizes.ts';
import { useAsk } from '../../components/use-load.ts';
import { usePageAt } from '../../components/use-page-at.ts';
import { formatDate } from '../../lib/dates.ts';
import { useNow } from '../../state/seeds.ts';
import { kindOf, postsPage, postsPageOf } from '../../../common/pages/content.ts';
import { EMPTY_TEXT, kindCrumbs, kindLabel, postHref } from './kinds.ts';
import './content.css';

export default function PostListPage() {
  const at = usePageAt();
  const kind = kindOf(at);
  const page = postsPageOf(at.search);
  const posts = useAsk(postsPage.asks!(at).posts);
  const label = kindLabel(kind);
  const crumbs = kindCrumbs(kind);
  const now = useNow();
  return (
    <section className="posts">
      <Breadcrumbs crumbs={crumbs.slice(0, 1)} current={label} />
      <h1>{label}</h1>
      {posts.error ? (
        <p className="notice notice--error">Не удалось загрузить записи. Проверьте подключение к интернету и обновите страницу.</p>
      ) : posts.data && posts.data.results.length === 0 ? (
        <p className="muted">{EMPTY_TEXT[kind]}</p>
      ) : (
        <ul className="posts__list" aria-busy={posts.loading}>
          {posts.data?.results.map((p, i) => (
            <li key={p.id} className="post-card">
              <Link href={postHref(kind, p.slug)} className="post-card__link">
                {p.image && (
                  // The first picture is the page's largest paint on a phone: fetched at once, first.
                  <Picture
                    src={p.image}
                    alt=""
                    sizes={PICTURE_SIZES.postCard}
                    width={360}
                    height={240}
                    loading={i === 0 ? 'eager' : 'lazy'}
                    fetchPriority={i === 0 ? 'high' : undefined}
                  />
                )}
                <time dateTime={p.published_at} className="muted">
                  {formatDate(p.published_at, now)}
                </time>
                <h2>{p.title}</h2>
              </Link>
              <p>{p.preview}</p>
            </li>
          ))}
        </ul>
      )}
      {posts.data && (
        <Pagination
          page={page}
          pages={Math.ceil(posts.data.count / PAGE_SIZE)}
          hrefFor={(n) => (n > 1 ? `${crumbs[1]!.href}?page=${n}` : crumbs[1]!.href)}
        />
      )}
    </section>
  );
}
