// An offer card of every list: picture, marks, brand, name, price, old price, discount and the favourite
// toggle (a favourite added may bring the notifications prompt, state/push.ts). Prices are formatted by the
// shared rule (common/money.ts), the same on the server and in the page, as the card renders: a card never
// waits for anything to show its price. The first cards of a page are its largest pictures on first paint:
// `priority` loads them at once, the very first with high priority.
import { memo } from 'react';
import type { Snapshot } from 'valtio';
import { Link } from 'wouter';
import type { Offer } from '../../common/contract/catalog.ts';
import { formatPrice } from '../../common/money.ts';
import { isFavorite, toggleFavorite, useFavorites } from '../state/favorites.ts';
import { suggestPushNow } from '../state/suggest-push.ts';
import { Picture } from './Picture.tsx';
import { PICTURE_SIZES } from './picture-sizes.ts';

/** The card's name is a heading one level below the section it stands in (2 right under a page's h1). */
export type CardHeadingLevel = 2 | 3;

/** How soon the card's picture is wanted: 'first' (the page's largest), 'eager' (on screen), or lazy. */
export type PicturePriority = 'first' | 'eager' | 'lazy';

export type CardOffer = Snapshot<Offer>;

interface Props {
  offer: CardOffer;
  headingLevel?: CardHeadingLevel;
  priority?: PicturePriority;
}

/**
 * Memoised: a listing's filter or page changes its address at once, while its offers stay on screen until the
 * new ones arrive; the same offers' cards are not drawn again in that tap (a phone's slowest part of it).
 */
export const OfferCard = memo(function OfferCard({ offer, headingLevel = 3, priority = 'lazy' }: Props) {
  const Name = headingLevel === 2 ? 'h2' : 'h3';
  const fav = useFavorites();
  const liked = isFavorite(fav.ids, offer.id);
  const main = offer.images.find((i) => i.is_main) ?? offer.images[0];
  const price = formatPrice(offer.price);
  const oldPrice = offer.old_price ? formatPrice(offer.old_price) : null;
  return (
    <article className="offer-card" data-offer-id={offer.id}>
      <Link href={offer.full_path_offer} className="offer-card__link" data-prefetch>
        <div className="offer-card__picture">
          {main && (
            <Picture
              src={main.image}
              alt={offer.name}
              sizes={PICTURE_SIZES.card}
              loading={priority === 'lazy' ? 'lazy' : 'eager'}
              fetchPriority={priority === 'first' ? 'high' : undefined}
              width={200}
              height={260}
            />
          )}
          <div className="offer-card__marks">
            {offer.is_new && <span className="mark mark--new">Новинка</span>}
            {offer.discount > 0 && <span className="mark mark--sale">−{offer.discount}%</span>}
          </div>
        </div>
        <p className="offer-card__brand">{offer.brand.name}</p>
        <Name className="offer-card__name">{offer.name}</Name>
        <p className="offer-card__prices">
          <span className="price">{price}</span>
          {oldPrice && <s className="price price--old">{oldPrice}</s>}
        </p>
      </Link>
      <button
        type="button"
        className={`offer-card__fav${liked ? ' is-active' : ''}`}
        aria-pressed={liked}
        aria-label={liked ? 'Убрать из избранного' : 'Добавить в избранное'}
        onClick={() => {
          if (toggleFavorite(offer.id)) void suggestPushNow('favorite');
        }}
      >
        ♥
      </button>
    </article>
  );
});
