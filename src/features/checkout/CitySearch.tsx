// The city field of checkout: search as you type through GET /v1/cities/ (at most one request in flight
// per pause of 200 ms, spec §9 fetch delay), pick from the list; the choice is kept in lkData.
import { useEffect, useState } from 'react';
import type { Snapshot } from 'valtio';
import type { City } from '../../api/contract.ts';
import { getCities } from '../../api/orders.ts';

const FETCH_DELAY_MS = 200;

export function CitySearch({ city, onChoose, error }: { city: Snapshot<City> | null; onChoose: (c: City | null) => void; error?: string }) {
  const [text, setText] = useState(city?.name ?? '');
  const [options, setOptions] = useState<City[]>([]);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const q = text.trim();
    if (!open || q.length < 2) {
      setOptions([]);
      return;
    }
    let live = true;
    const t = setTimeout(() => {
      getCities(q).then((list) => live && setOptions(list), () => live && setOptions([]));
    }, FETCH_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [text, open]);
  return (
    <div className="field city-search">
      <label htmlFor="city">Город</label>
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
      {open && options.length > 0 && (
        <ul id="city-options" role="listbox" className="city-search__options">
          {options.map((c) => (
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
