// /favorite, for everyone: the offers of the favourite ids (lkData; a signed-in user's are joined with the
// server's) from POST /v1/offers_list/ (response), and the ids no longer sold (excluded) with a way to
// remove them. A failed load is logged, the list stays empty and the page says so (spec §8).
import { Link } from 'wouter';
import { getOffersList } from '../../api/catalog.ts';
import { OfferGrid } from '../../components/OfferGrid.tsx';
import { useLoad } from '../../components/use-load.ts';
import { plural } from '../../../common/plural.ts';
import { href } from '../../../common/routes.ts';
import { toggleFavorite, useFavorites } from '../../state/favorites.ts';
import { withPriceTexts } from '../../worker/client.ts';
import { AccountFrame } from './AccountFrame.tsx';

async function loadFavorites(ids: readonly number[]) {
  const { response, excluded } = await getOffersList(ids);
  return { offers: await withPriceTexts(response), excluded };
}

export default function FavoritesPage() {
  const { ids } = useFavorites();
  const key = ids.length ? `favorites:${[...ids].sort((a, b) => a - b).join(',')}` : null;
  const loaded = useLoad(key, () => loadFavorites(ids));
  // An id removed here leaves at once, before the reload of the rest answers.
  const offers = key ? (loaded.data?.offers ?? []).filter((o) => ids.includes(o.id)) : [];
  const excluded = key ? (loaded.data?.excluded ?? []).filter((id) => ids.includes(id)) : [];
  const count = offers.length;

  let body;
  if (!ids.length) {
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
