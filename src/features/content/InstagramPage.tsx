// Page of /instagram: the shop's photo feed (GET /v1/instagramm_posts), each photo linking to its post.
import { Breadcrumbs } from '../../components/Breadcrumbs.tsx';
import { Picture } from '../../components/Picture.tsx';
import { PICTURE_SIZES } from '../../components/picture-sizes.ts';
import { useAsk } from '../../components/use-load.ts';
import { HOME_CRUMB } from '../../lib/breadcrumbs.ts';
import { instagramPage } from '../../../common/pages/content.ts';
import { routeTitle } from '../../../common/routes.ts';
import { usePageAt } from '../../components/use-page-at.ts';
import './content.css';

export default function InstagramPage() {
  const feed = useAsk(instagramPage.asks!(usePageAt()).feed);
  const title = routeTitle('instagram');
  return (
    <section className="insta">
      <Breadcrumbs crumbs={[HOME_CRUMB]} current={title} />
      <h1>{title}</h1>
      {feed.error ? (
        <p className="notice notice--error">Не удалось загрузить ленту. Проверьте подключение к интернету и обновите страницу.</p>
      ) : feed.data?.length === 0 ? (
        <p className="muted">Публикаций пока нет.</p>
      ) : (
        <ul className="insta__grid">
          {feed.data?.map((p) => (
            <li key={p.id}>
              <a href={p.link} target="_blank" rel="noopener noreferrer">
                <Picture src={p.image} alt={p.caption} sizes={PICTURE_SIZES.square} loading="lazy" width={300} height={300} />
              </a>
              <p>{p.caption}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
