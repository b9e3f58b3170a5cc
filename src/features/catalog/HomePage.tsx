// The home page: main banners, catalogue tiles (container banners), new arrivals and sale, all from the API.
import { useEffect } from 'react';
import type { Snapshot } from 'valtio';
import { Link } from 'wouter';
import { OfferCard } from '../../components/OfferCard.tsx';
import { href } from '../../../common/routes.ts';
import { loadHomeData, useCatalog, type LoadStatus } from '../../state/catalog.ts';
import type { PricedOffer } from '../../worker/client.ts';

export default function HomePage() {
  const c = useCatalog();
  useEffect(() => {
    void loadHomeData();
  }, []);
  const [hero, ...more] = c.banners.data;
  return (
    <div className="home">
      <h1 className="visually-hidden">Море и Мода — купальники, бельё и одежда</h1>
      {hero && (
        <Link href={hero.link} className="hero">
          <img src={hero.image} alt="" width={1200} height={400} />
          <span className="hero__text">
            <strong>{hero.title}</strong>
            {hero.subtitle && <span>{hero.subtitle}</span>}
          </span>
        </Link>
      )}
      {more.length > 0 && (
        <div className="banner-row">
          {more.map((b) => (
            <Link key={b.id} href={b.link} className="banner-row__item">
              <img src={b.image} alt="" width={1200} height={400} loading="lazy" />
              <span>{b.title}</span>
            </Link>
          ))}
        </div>
      )}
      {c.containerBanners.data.length > 0 && (
        <div className="tiles">
          {c.containerBanners.data.map((b) => (
            <Link key={b.id} href={b.link} className="tile">
              <img src={b.image} alt="" width={600} height={400} loading="lazy" />
              <span>{b.title}</span>
            </Link>
          ))}
        </div>
      )}
      <OfferShelf title="Новинки" more={href('new')} offers={c.newList.data} status={c.newList.status} testId="new-list" />
      <OfferShelf title="Распродажа" more={href('sale')} offers={c.saleList.data} status={c.saleList.status} testId="sale-list" />
    </div>
  );
}

interface ShelfProps {
  title: string;
  more: string;
  offers: readonly Snapshot<PricedOffer>[];
  status: LoadStatus;
  testId: string;
}

function OfferShelf({ title, more, offers, status, testId }: ShelfProps) {
  return (
    <section className="shelf" data-testid={testId}>
      <header className="shelf__head">
        <h2>{title}</h2>
        <Link href={more}>Смотреть все</Link>
      </header>
      {status === 'error' && offers.length === 0 && (
        <p className="muted">Не удалось загрузить товары. Проверьте подключение и обновите страницу.</p>
      )}
      {(status === 'loading' || status === 'idle') && offers.length === 0 && <p className="muted">Загружаем…</p>}
      <div className="offer-grid">
        {offers.slice(0, 8).map((o) => (
          <OfferCard key={o.id} offer={o} />
        ))}
      </div>
    </section>
  );
}
