// The product page: gallery, brand, name, prices, colour and size choice (kept in lkData), size chart,
// add to basket, favourite, description, composition and related offers. An unknown pk shows the 'Ошибка' page; a URL
// with an outdated category or slug is replaced by the product's own.
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { ApiError } from '../../api/api-error.ts';
import { Breadcrumbs } from '../../components/Breadcrumbs.tsx';
import { ErrorPage } from '../../components/ErrorPage.tsx';
import { OfferGrid } from '../../components/OfferGrid.tsx';
import { useAsk } from '../../components/use-load.ts';
import { categoryCrumbs, HOME_CRUMB } from '../../lib/breadcrumbs.ts';
import { formatPrice } from '../../../common/money.ts';
import { href } from '../../../common/routes.ts';
import { chooseColor, chooseFeature, useBasket } from '../../state/basket.ts';
import { useCatalog } from '../../state/catalog.ts';
import { isFavorite, toggleFavorite, useFavorites } from '../../state/favorites.ts';
import { suggestPushNow } from '../../state/suggest-push.ts';
import { setPageTitle } from '../../state/head.ts';
import { setChatMessage } from '../../state/widgets.ts';
import { useSiteOrigin } from '../../state/seeds.ts';
import { StructuredData } from '../../components/StructuredData.tsx';
import { breadcrumbList, productJsonLd } from '../../lib/structured-data.ts';
import { AddToBasket } from './AddToBasket.tsx';
import { productPage, productPk } from '../../../common/pages/product.ts';
import { usePageAt } from '../../components/use-page-at.ts';
import { Gallery } from './Gallery.tsx';
import { lazyPopup } from '../../components/lazy-popup.tsx';
import { SizePicker } from './SizePicker.tsx';
import './product.css';

/** The size chart, opened by a tap: its code and tables load then, not with the page. */
const SizeChartPopup = lazyPopup(
  () => import('./SizeChartPopup.tsx').then((m) => m.SizeChartPopup),
  (props) => props.onClose(),
);

export default function ProductPage() {
  const [path, navigate] = useLocation();
  const at = usePageAt();
  const pk = productPk(at);
  const product = useAsk(productPage.asks!(at).product);
  const previews = useCatalog().previewCategories.data;
  const basket = useBasket();
  const fav = useFavorites();
  const [chartOpen, setChartOpen] = useState(false);
  const origin = useSiteOrigin();
  // While another product loads, the one on screen is the previous product's: it must not steer the URL
  // (its canonical path would send the shopper back to it), so only the product of this URL's pk counts.
  const p = product.data;
  const current = p && p.offer.id === pk ? p : undefined;

  // Its head as the server wrote it (common/pages/product.ts), named on the product's own address.
  const own = current ? productPage.head?.(at, { product: current }) : null;
  const title = own?.title ?? '';
  const description = own?.description ?? '';
  useEffect(() => {
    if (!current) return;
    if (current.offer.full_path_offer !== path) navigate(current.offer.full_path_offer, { replace: true });
    if (title) setPageTitle(current.offer.full_path_offer, title, description);
    // Spec §3 page meta whatsappMessage: what "send the product link" in the chat widget sends.
    setChatMessage(
      current.offer.full_path_offer,
      `Здравствуйте! Меня интересует товар «${current.offer.name}» (${current.offer.brand.name}): ${location.origin}${current.offer.full_path_offer}`,
    );
  }, [current, path, navigate, title, description]);

  if (product.error instanceof ApiError && (product.error.status === 404 || product.error.status === 400))
    return <ErrorPage statusCode={404} />;
  if (!p) {
    return product.error ? (
      <p className="notice">Не удалось загрузить товар. Проверьте подключение к интернету и обновите страницу.</p>
    ) : (
      <p className="muted page-loading">Загружаем товар…</p>
    );
  }

  const offer = p.offer;
  const id = String(offer.id);
  const color = basket.offerColors[id] ?? offer.colors[0]?.slug ?? '';
  const feature = basket.offerFeatures[id] ?? {};
  const liked = isFavorite(fav.ids, offer.id);
  const crumbs = categoryCrumbs(p.category_path, previews);
  const trail = crumbs.length > 1 ? crumbs : [HOME_CRUMB, ...p.breadcrumbs.map((b) => ({ label: b.name, href: `/${b.path}` }))];
  const inStock = p.variants.some((v) => v.stock > 0);

  return (
    <article className="product" data-product-id={offer.id}>
      <Breadcrumbs crumbs={trail} current={offer.name} />
      <StructuredData data={productJsonLd(p, origin)} />
      <StructuredData data={breadcrumbList(trail, { label: offer.name, href: offer.full_path_offer }, origin)} />
      <div className="product__main">
        <Gallery images={offer.images} name={offer.name} />
        <div className="product__info">
          <Link href={href('brands-slug', { slug: offer.brand.slug })} className="product__brand">
            {offer.brand.name}
          </Link>
          <h1 className="product__name">{offer.name}</h1>
          <p className="product__prices">
            <span className="price price--big" data-testid="product-price">
              {formatPrice(offer.price)}
            </span>
            {offer.old_price && <s className="price price--old">{formatPrice(offer.old_price)}</s>}
            {offer.discount > 0 && <span className="mark mark--sale">−{offer.discount}%</span>}
          </p>
          <p className={`product__stock${inStock ? '' : ' product__stock--out'}`} data-testid="product-stock">
            {inStock ? 'В наличии' : 'Нет в наличии'}
          </p>
          <AddToBasket product={p} feature={feature}>
            <SizePicker
              variants={p.variants}
              colors={offer.colors}
              color={color}
              feature={feature}
              onColor={(slug) => {
                chooseColor(offer.id, slug);
                chooseFeature(offer.id, { selectSize: undefined, selectTop: undefined, selectBottom: undefined });
              }}
              onFeature={(f) => chooseFeature(offer.id, f)}
            />
          </AddToBasket>
          <p className="product__actions">
            <button type="button" className="link-button" onClick={() => setChartOpen(true)}>
              Таблица размеров
            </button>
            <button
              type="button"
              className={`button button--ghost${liked ? ' is-active' : ''}`}
              aria-pressed={liked}
              onClick={() => {
                if (toggleFavorite(offer.id)) void suggestPushNow('favorite');
              }}
            >
              {liked ? '♥ В избранном' : '♡ В избранное'}
            </button>
          </p>
          <section className="product__text">
            <h2>Описание</h2>
            <p>{p.description}</p>
            <h2>Состав</h2>
            <p>{p.composition}</p>
          </section>
        </div>
      </div>
      {p.related.length > 0 && (
        <section className="shelf">
          <h2>Вам может понравиться</h2>
          <OfferGrid offers={p.related} testId="related" />
        </section>
      )}
      {chartOpen && <SizeChartPopup categoryPath={p.category_path} onClose={() => setChartOpen(false)} />}
    </article>
  );
}
