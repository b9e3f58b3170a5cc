// /favorite, for everyone: the offers of the favourite ids (lkData; a signed-in user's are joined with the
// server's) from POST /v1/offers_list/ (response), and the ids no longer sold (excluded) with a way to
// remove them. Offline (or while the server is slow) it shows the saved cards of the favourites the app has
// seen (the worker's offline search), marked as possibly out of date; a failed load with nothing on hand is
// logged, the list stays empty and the page says so (spec §8). Until the saved favourites are restored (the
// server's rendering, the page before its idle start) it shows a neutral placeholder, never "empty".
import { Link } from 'wouter';
import { getOffersList } from '../../api/catalog.ts';
import { OfferGrid } from '../../components/OfferGrid.tsx';
import { useLoad } from '../../components/use-load.ts';
import { plural } from '../../../common/plural.ts';
import { href } from '../../../common/routes.ts';
import { toggleFavorite, useFavorites } from '../../state/favorites.ts';
import type { Offer } from '../../../common/contract/catalog.ts';
import { AccountFrame } from './AccountFrame.tsx';
import { NotKnownYet } from '../../components/NotKnownYet.tsx';
import { useKnown } from '../../state/personal.ts';

interface FavoriteOffers {
  offers: Offer[];
  excluded: number[];
  /** From the offers the app has seen, not the server: how many favourites it has no card of. */
  offline?: { unknown: number };
}

async function loadFavorites(ids: readonly number[]): Promise<FavoriteOffers> {
  const { response, excluded } = await getOffersList(ids);
  return { offers: response, excluded };
}

async function savedFavorites(ids: readonly number[]): Promise<FavoriteOffers> {
  const { seenOffers } = await import('../../worker/client.ts'); // loaded only when needed
  const offers = await seenOffers(ids);
  return { offers, excluded: [], offline: { unknown: ids.length - offers.length } };
}

export default function FavoritesPage() {
  const { ids } = useFavorites();
  const known = useKnown().favorites;
  const key = ids.length ? `favorites:${[...ids].sort((a, b) => a - b).join(',')}` : null;
  const loaded = useLoad(
    key,
    () => loadFavorites(ids),
    () => savedFavorites(ids),
  );
  const offline = loaded.data?.offline;
  // An id removed here leaves at once, before the reload of the rest answers.
  const offers = key ? (loaded.data?.offers ?? []).filter((o) => ids.includes(o.id)) : [];
  const excluded = key ? (loaded.data?.excluded ?? []).filter((id) => ids.includes(id)) : [];
  const count = offers.length;

  let body;
  if (!known) {
    body = <NotKnownYet label="Загружаем избранное…" lines={1} testId="favorites-not-known" />;
  } else if (!ids.length) {
    body = (
      <p className="notice" data-testid="favorites-empty">
        В избранном пока пусто. Отмечайте понравившиеся товары сердечком, чтобы вернуться к ним позже.{' '}
        <Link href={href('index')}>Перейти в каталог</Link>
      </p>
    );
  } else if (loaded.loading && !loaded.data) {
    body = (
      <p className="muted" role="status">
        Загружаем избранное…
      </p>
    );
  } else if (loaded.error !== null) {
    body = (
      <p className="form-error" role="alert">
        Не удалось загрузить избранное. Проверьте подключение к интернету и обновите страницу.
      </p>
    );
  } else {
    body = (
      <>
        {offline && (
          <p className="notice notice--offline" role="status" data-testid="offline-favorites">
            Магазин сейчас не отвечает: показано избранное, сохранённое на этом устройстве. Цены и наличие могли измениться.
            {offline.unknown > 0 &&
              ` Ещё ${offline.unknown} ${plural(offline.unknown, ['товар', 'товара', 'товаров'])} покажем, когда связь вернётся.`}
          </p>
        )}
        {count > 0 && (
          <p className="muted">
            {count} {plural(count, ['товар', 'товара', 'товаров'])} в избранном
          </p>
        )}
        <OfferGrid offers={offers} testId="favorites-grid" headingLevel={2} />
        {excluded.length > 0 && (
          <section className="favorites-excluded" data-testid="favorites-excluded">
            <h2>Больше не продаются</h2>
            <p className="muted">Этих товаров больше нет в продаже. Их можно убрать из избранного.</p>
            <ul className="excluded-list">
              {excluded.map((id) => (
                <li key={id}>
                  <span>Товар № {id}</span>
                  <button type="button" className="link-button" onClick={() => toggleFavorite(id)}>
                    Убрать из избранного
                  </button>
                </li>
              ))}
            </ul>
            {excluded.length > 1 && (
              <button type="button" className="button button--ghost" onClick={() => excluded.forEach((id) => toggleFavorite(id))}>
                Убрать все
              </button>
            )}
          </section>
        )}
      </>
    );
  }
  return (
    <AccountFrame title="Избранное" open>
      {body}
    </AccountFrame>
  );
}
