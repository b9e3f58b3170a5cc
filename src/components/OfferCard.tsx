// An offer card of every list: picture, marks, brand, name, price, old price, discount and the favourite
// toggle. Prices arrive formatted by the worker (PricedOffer).
import type { Snapshot } from 'valtio';
import { Link } from 'wouter';
import type { PricedOffer } from '../worker/client.ts';
import { isFavorite, toggleFavorite, useFavorites } from '../state/favorites.ts';

/** The card's name is a heading one level below the section it stands in (2 right under a page's h1). */
export type CardHeadingLevel = 2 | 3;

export function OfferCard({ offer, headingLevel = 3 }: { offer: Snapshot<PricedOffer>; headingLevel?: CardHeadingLevel }) {
  const Name = headingLevel === 2 ? 'h2' : 'h3';
  const fav = useFavorites();
  const liked = isFavorite(fav.ids, offer.id);
  const main = offer.images.find((i) => i.is_main) ?? offer.images[0];
  return (
    <article className="offer-card" data-offer-id={offer.id}>
      <Link href={offer.full_path_offer} className="offer-card__link">
        <div className="offer-card__picture">
          {main && <img src={main.image} alt={offer.name} loading="lazy" width={200} height={260} />}
          <div className="offer-card__marks">
            {offer.is_new && <span className="mark mark--new">Новинка</span>}
            {offer.discount > 0 && <span className="mark mark--sale">−{offer.discount}%</span>}
          </div>
        </div>
        <p className="offer-card__brand">{offer.brand.name}</p>
        <Name className="offer-card__name">{offer.name}</Name>
        <p className="offer-card__prices">
          <span className="price">{offer.price_text}</span>
          {offer.old_price_text && <s className="price price--old">{offer.old_price_text}</s>}
        </p>
      </Link>
      <button
        type="button"
        className={`offer-card__fav${liked ? ' is-active' : ''}`}
        aria-pressed={liked}
        aria-label={liked ? 'Убрать из избранного' : 'Добавить в избранное'}
        onClick={() => toggleFavorite(offer.id)}
      >
        ♥
      </button>
    </article>
  );
}
