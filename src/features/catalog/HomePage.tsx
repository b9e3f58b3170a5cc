// The home page: main banners, catalogue tiles (container banners), new arrivals and sale, all from the API.
import { useEffect } from 'react';
import type { Snapshot } from 'valtio';
import { Link } from 'wouter';
import { OfferGrid } from '../../components/OfferGrid.tsx';
import { Picture } from '../../components/Picture.tsx';
import { PICTURE_SIZES } from '../../components/picture-sizes.ts';
import type { OfferPage } from '../../../common/contract/catalog.ts';
import { href } from '../../../common/routes.ts';
import { StructuredData } from '../../components/StructuredData.tsx';
import { organizationJsonLd } from '../../lib/structured-data.ts';
import { useSiteOrigin } from '../../state/seeds.ts';
import { loadHomeData, useCatalog, type LoadStatus } from '../../state/catalog.ts';

export default function HomePage() {
  const c = useCatalog();
  useEffect(() => {
    void loadHomeData();
  }, []);
  const [hero, ...more] = c.banners.data;
  const origin = useSiteOrigin();
  return (
    <div className="home">
      {c.organization.data && <StructuredData data={organizationJsonLd(c.organization.data, origin)} />}
      <h1 className="visually-hidden">Море и Мода — купальники, бельё и одежда</h1>
      {hero && (
        <Link href={hero.link} className="hero">
          <Picture src={hero.image} alt="" sizes={PICTURE_SIZES.hero} width={1200} height={400} fetchPriority="high" />
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
              <Picture src={b.image} alt="" sizes={PICTURE_SIZES.banner} width={1200} height={400} loading="lazy" />
              <span>{b.title}</span>
            </Link>
          ))}
        </div>
      )}
      {c.containerBanners.data.length > 0 && (
        <div className="tiles">
          {c.containerBanners.data.map((b) => (
            <Link key={b.id} href={b.link} className="tile">
              <Picture src={b.image} alt="" sizes={PICTURE_SIZES.tile} width={600} height={400} loading="lazy" />
              <span>{b.title}</span>
            </Link>
          ))}
        </div>
      )}
      <OfferShelf title="Новинки" more={href('new')} list={c.newList} testId="new-list" leading={!hero} />
      <OfferShelf title="Распродажа" more={href('sale')} list={c.saleList} testId="sale-list" />
    </div>
  );
}

interface ShelfProps {
  title: string;
  more: string;
  /** The list's first page as the catalogue store holds it (the API's answer), and how its load went. */
  list: { data: Snapshot<OfferPage> | null; status: LoadStatus };
  testId: string;
  /** The first shelf: its first pictures load at once. */
  leading?: boolean;
}

function OfferShelf({ title, more, list, testId, leading }: ShelfProps) {
  const { status } = list;
  const offers = list.data?.results ?? [];
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
      <OfferGrid offers={offers.slice(0, 8)} leading={leading} />
    </section>
  );
}
