// Page of /instagram: the shop's photo feed (GET /v1/instagramm_posts), each photo linking to its post.
import { Breadcrumbs } from '../../components/Breadcrumbs.tsx';
import { useData } from '../../components/use-load.ts';
import { HOME_CRUMB } from '../../lib/breadcrumbs.ts';
import { TITLES } from '../../../common/titles.ts';
import { instagramRequest } from './content-data.ts';
import './content.css';

export default function InstagramPage() {
  const feed = useData(instagramRequest);
  return (
    <section className="insta">
      <Breadcrumbs crumbs={[HOME_CRUMB]} current={TITLES.instagram} />
      <h1>{TITLES.instagram}</h1>
      {feed.error ? (
        <p className="notice notice--error">Не удалось загрузить ленту. Проверьте подключение к интернету и обновите страницу.</p>
      ) : feed.data?.length === 0 ? (
        <p className="muted">Публикаций пока нет.</p>
      ) : (
        <ul className="insta__grid">
          {feed.data?.map((p) => (
            <li key={p.id}>
              <a href={p.link} target="_blank" rel="noopener noreferrer">
                <img src={p.image} alt={p.caption} loading="lazy" width={300} height={300} />
              </a>
              <p>{p.caption}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
