// A signed-in shopper's saved addresses in the checkout: choosing one fills the city and the
// courier address; the default one is filled in when the form has none yet.
import { useEffect } from 'react';
import { getAddresses } from '../../api/account.ts';
import type { Address } from '../../../common/contract/accounts.ts';
import type { City } from '../../../common/contract/orders.ts';
import { useLoad } from '../../components/use-load.ts';
import { checkout, chooseCity } from '../../state/checkout.ts';

const lineOf = (a: Address) => [a.street, a.house && `д. ${a.house}`, a.flat && `кв. ${a.flat}`].filter(Boolean).join(', ');

function applyAddress(a: Address): void {
  if (a.city_id !== null && a.region_id !== null) {
    const city: City = { id: a.city_id, name: a.city, region_id: a.region_id, region: '' };
    chooseCity(city);
  }
  checkout.address = lineOf(a);
}

export function SavedAddresses({ userKey }: { userKey: string }) {
  const list = useLoad(`addresses:${userKey}`, getAddresses);
  const saved = list.data ?? [];
  useEffect(() => {
    const preferred = saved.find((a) => a.is_default) ?? saved[0];
    if (preferred && !checkout.address.trim()) applyAddress(preferred);
    // Once per loaded list: later the shopper's own edits win.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list.data]);
  if (!saved.length) return null;
  return (
    <div className="field">
      <label htmlFor="saved-address">Сохранённый адрес</label>
      <select
        id="saved-address"
        defaultValue=""
        onChange={(e) => {
          const a = saved.find((x) => String(x.id) === e.target.value);
          if (a) applyAddress(a);
        }}
      >
        <option value="" disabled>
          Выберите адрес
        </option>
        {saved.map((a) => (
          <option key={a.id} value={a.id}>
            {a.city}, {lineOf(a)}
            {a.is_default ? ' (основной)' : ''}
          </option>
        ))}
      </select>
    </div>
  );
}
