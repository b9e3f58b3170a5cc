// The filters of a listing (sizes, colours, brands, price range) and its sort order, from
// GET /v1/all/filters/{x}/. Every change goes to the URL through onChange; a box ticked shows at once and
// onChange follows after that paint (lib/after-paint.ts), so on a slow phone the tap is answered before the
// listing is redrawn.
import { useState, type FormEvent } from 'react';
import type { Filters, OfferFilter, Sort } from '../../../common/contract/catalog.ts';
import { isFiltered, listingSearch } from '../../../common/listing-query.ts';
import { afterNextPaint } from '../../lib/after-paint.ts';

interface Props {
  facets: Filters | undefined;
  filter: OfferFilter;
  hideBrands?: boolean;
  /** The facets could not be loaded (offline and never seen): the list still works without filters. */
  failed?: boolean;
  onChange: (next: OfferFilter) => void;
}

type ListKey = 'sizes' | 'colors' | 'brands';

function toggle(filter: OfferFilter, key: ListKey, value: string): OfferFilter {
  const current = filter[key] ?? [];
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  const out = { ...filter, [key]: next };
  if (!next.length) delete out[key];
  return out;
}

export function SortSelect({ facets, filter, onChange }: Pick<Props, 'facets' | 'filter' | 'onChange'>) {
  const options = facets?.sort ?? [];
  if (!options.length) return null;
  return (
    <label className="sort-select">
      <span>Сортировка</span>
      <select value={filter.sort ?? 'popular'} onChange={(e) => onChange({ ...filter, sort: e.target.value as Sort })}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.name}
          </option>
        ))}
      </select>
    </label>
  );
}

export function FilterPanel({ facets, filter: given, hideBrands, failed, onChange }: Props) {
  const [open, setOpen] = useState(false);
  // The boxes as the shopper just ticked them, over the filter they were ticked on: forgotten once it changes.
  const givenKey = listingSearch({ page: 1, filter: given });
  const [ticked, setTicked] = useState<{ from: string; to: OfferFilter } | null>(null);
  if (ticked && ticked.from !== givenKey) setTicked(null);
  const filter = ticked?.to ?? given;
  const tick = (next: OfferFilter) => {
    setTicked({ from: givenKey, to: next });
    afterNextPaint(() => onChange(next));
  };
  if (!facets) return <aside className="filters muted">{failed ? 'Фильтры сейчас недоступны' : 'Загружаем фильтры…'}</aside>;
  return (
    <aside className={`filters${open ? ' is-open' : ''}`} aria-label="Фильтры">
      <button type="button" className="filters__toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
        Фильтры{isFiltered(filter) ? ' •' : ''}
      </button>
      <div className="filters__body">
        {facets.sizes.length > 0 && (
          <fieldset className="filters__group">
            <legend>Размер</legend>
            <div className="chips">
              {facets.sizes.map((s) => (
                <label key={s.value} className="chip">
                  <input
                    type="checkbox"
                    checked={filter.sizes?.includes(s.value) ?? false}
                    onChange={() => tick(toggle(filter, 'sizes', s.value))}
                  />
                  <span>{s.name}</span>
                </label>
              ))}
            </div>
          </fieldset>
        )}
        {facets.colors.length > 0 && (
          <fieldset className="filters__group">
            <legend>Цвет</legend>
            <div className="chips">
              {facets.colors.map((c) => (
                <label key={c.value} className="chip chip--color" title={c.name}>
                  <input
                    type="checkbox"
                    checked={filter.colors?.includes(c.value) ?? false}
                    onChange={() => tick(toggle(filter, 'colors', c.value))}
                  />
                  <span>
                    <i style={{ background: c.hex }} aria-hidden="true" />
                    {c.name}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        )}
        {!hideBrands && facets.brands.length > 0 && (
          <fieldset className="filters__group">
            <legend>Бренд</legend>
            {facets.brands.map((b) => (
              <label key={b.value} className="check">
                <input
                  type="checkbox"
                  checked={filter.brands?.includes(b.value) ?? false}
                  onChange={() => tick(toggle(filter, 'brands', b.value))}
                />
                {b.name} <span className="muted">{b.count}</span>
              </label>
            ))}
          </fieldset>
        )}
        <PriceRange key={`${filter.price_min}-${filter.price_max}`} facets={facets} filter={filter} onChange={onChange} />
        {isFiltered(filter) && (
          <button type="button" className="button button--ghost" onClick={() => onChange(filter.sort ? { sort: filter.sort } : {})}>
            Сбросить фильтры
          </button>
        )}
      </div>
    </aside>
  );
}

function PriceRange({ facets, filter, onChange }: Pick<Props, 'filter' | 'onChange'> & { facets: Filters }) {
  const [min, setMin] = useState(filter.price_min?.toString() ?? '');
  const [max, setMax] = useState(filter.price_max?.toString() ?? '');
  const apply = (e: FormEvent) => {
    e.preventDefault();
    const next: OfferFilter = { ...filter };
    delete next.price_min;
    delete next.price_max;
    const lo = Number.parseInt(min, 10);
    const hi = Number.parseInt(max, 10);
    if (Number.isFinite(lo) && lo > 0) next.price_min = lo;
    if (Number.isFinite(hi) && hi > 0) next.price_max = hi;
    onChange(next);
  };
  return (
    <form className="filters__group price-range" onSubmit={apply}>
      <fieldset>
        <legend>Цена, ₽</legend>
        <input
          inputMode="numeric"
          aria-label="Цена от"
          placeholder={`от ${facets.price.min}`}
          value={min}
          onChange={(e) => setMin(e.target.value.replace(/\D/g, ''))}
        />
        <input
          inputMode="numeric"
          aria-label="Цена до"
          placeholder={`до ${facets.price.max}`}
          value={max}
          onChange={(e) => setMax(e.target.value.replace(/\D/g, ''))}
        />
        <button type="submit" className="button button--small">
          Применить
        </button>
      </fieldset>
    </form>
  );
}
