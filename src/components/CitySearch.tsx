// The city field of checkout and of saved addresses: search as you type through GET /v1/cities/ (at most one
// request in flight per pause of 200 ms, spec §9 fetch delay), pick from the list, or have it chosen from
// outside (a saved address); the checkout keeps the choice in lkData.
import { useEffect, useState } from 'react';
import type { Snapshot } from 'valtio';
import type { City } from '../../common/contract/orders.ts';
import { getCities } from '../api/orders.ts';
import './city-search.css';

const FETCH_DELAY_MS = 200;

interface Props {
  city: Snapshot<City> | null;
  onChoose: (c: City | null) => void;
  error?: string;
  label?: string;
}

export function CitySearch({ city, onChoose, error, label = 'Город' }: Props) {
  const [text, setText] = useState(city?.name ?? '');
  const [options, setOptions] = useState<City[]>([]);
  const [open, setOpen] = useState(false);
  // A city chosen outside the field (a saved address in the checkout) shows in it too.
  const [shownId, setShownId] = useState(city?.id ?? null);
  if ((city?.id ?? null) !== shownId) {
    setShownId(city?.id ?? null);
    if (city) setText(city.name);
  }
  const q = text.trim();
  const searching = open && q.length >= 2;
  useEffect(() => {
    if (!searching) return;
    let live = true;
    const t = setTimeout(() => {
      getCities(q).then(
        (list) => live && setOptions(list),
        () => live && setOptions([]),
      );
    }, FETCH_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [q, searching]);
  const shown = searching ? options : [];
  return (
    <div className="field city-search">
      <label htmlFor="city">{label}</label>
      <input
        id="city"
        autoComplete="address-level2"
        value={text}
        aria-invalid={!!error}
        aria-autocomplete="list"
        aria-controls="city-options"
        placeholder="Начните вводить название"
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          if (city) onChoose(null);
        }}
      />
      {shown.length > 0 && (
        <ul id="city-options" role="listbox" className="city-search__options">
          {shown.map((c) => (
            <li key={c.id} role="option" aria-selected={city?.id === c.id}>
              <button
                type="button"
                onClick={() => {
                  onChoose(c);
                  setText(c.name);
                  setOpen(false);
                }}
              >
                {c.name} <small className="muted">{c.region}</small>
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && <p className="form-error">{error}</p>}
    </div>
  );
}
