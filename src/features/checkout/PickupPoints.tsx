// The carrier's pickup points and parcel lockers of the buyer's city, to choose one: a list searched by street,
// metro or name as one types, and a map of where they are (each point placed by its coordinates, the chosen one
// marked; a click on the map chooses as the list does). A point that takes no payment on receipt cannot be
// chosen for an order paid so. The map is drawn here, in SVG, from the points' own coordinates: it needs no map
// service's script or tiles (the shop's pages load no third-party code before consent), at the price of no
// streets under the points; the list gives each point's address and metro.
import { useMemo, useState } from 'react';
import type { PickupPoint } from '../../../common/contract/orders.ts';
import { pickupPoints } from '../../api/orders.ts';
import { useLoad } from '../../components/use-load.ts';
import { checkout, useCheckout } from '../../state/checkout.ts';

const MAP_W = 320;
const MAP_H = 200;
const PAD = 14;

/** Lower case, ё as е: what the search compares. */
const norm = (s: string) => s.toLowerCase().replace(/ё/g, 'е');

export function PickupPoints({ cityId, payOnReceipt, error }: { cityId: number; payOnReceipt: boolean; error?: string }) {
  const c = useCheckout();
  const [q, setQ] = useState('');
  const points = useLoad(`pickup-points:${cityId}`, () => pickupPoints(cityId));
  const list = useMemo(() => points.data?.points ?? [], [points.data]);
  const shown = useMemo(() => {
    const text = norm(q.trim());
    return text ? list.filter((p) => norm(`${p.address} ${p.metro} ${p.name}`).includes(text)) : list;
  }, [list, q]);
  const usable = (p: PickupPoint) => !payOnReceipt || p.cash_on_delivery;
  const choose = (p: PickupPoint) => {
    if (usable(p)) checkout.point = { code: p.code, name: p.name, address: p.address, cash: p.cash_on_delivery };
  };

  if (points.loading && !points.data) return <p className="muted">Загружаем пункты выдачи…</p>;
  if (points.error !== null && !points.data)
    return (
      <p className="form-error" role="alert">
        {points.error instanceof Error && points.error.message ? points.error.message : 'Не удалось загрузить пункты выдачи'}
      </p>
    );
  if (!list.length) return <p className="notice">В этом городе нет пунктов выдачи СДЭК: выберите доставку курьером.</p>;
  return (
    <fieldset className="pickup-points">
      <legend>Пункт выдачи СДЭК</legend>
      <label className="pickup-points__search">
        Улица или метро
        <input type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder="Например, Баумана" />
      </label>
      <PointsMap points={list} shown={shown} chosen={c.point?.code ?? null} usable={usable} onChoose={choose} />
      <ul className="pickup-points__list" aria-label="Пункты выдачи">
        {shown.map((p) => (
          <li key={p.code}>
            <label className="delivery-option">
              <input
                type="radio"
                name="pickup-point"
                value={p.code}
                checked={c.point?.code === p.code}
                disabled={!usable(p)}
                onChange={() => choose(p)}
              />
              <span>
                <strong>{p.name}</strong> {p.type === 'POSTAMAT' && '(постамат)'}
                <br />
                {p.address}
                {p.metro && <> · м. {p.metro}</>}
                <br />
                <small className="muted">
                  {p.work_time}
                  {p.fitting_room && ' · есть примерочная'}
                  {!usable(p) && ' · здесь нельзя оплатить при получении'}
                </small>
              </span>
            </label>
          </li>
        ))}
        {!shown.length && <li className="muted">Ничего не нашлось: попробуйте другую улицу или станцию метро.</li>}
      </ul>
      {error && <p className="form-error">{error}</p>}
    </fieldset>
  );
}

/** The points where they are, scaled into the box (north up); the ones the search leaves out are faint. */
function PointsMap(props: {
  points: readonly PickupPoint[];
  shown: readonly PickupPoint[];
  chosen: string | null;
  usable: (p: PickupPoint) => boolean;
  onChoose: (p: PickupPoint) => void;
}) {
  const { points, shown, chosen, usable, onChoose } = props;
  const lats = points.map((p) => p.latitude);
  const lons = points.map((p) => p.longitude);
  const [minLat, maxLat, minLon, maxLon] = [Math.min(...lats), Math.max(...lats), Math.min(...lons), Math.max(...lons)];
  const x = (lon: number) => PAD + ((lon - minLon) / (maxLon - minLon || 1)) * (MAP_W - 2 * PAD);
  const y = (lat: number) => MAP_H - PAD - ((lat - minLat) / (maxLat - minLat || 1)) * (MAP_H - 2 * PAD);
  const visible = new Set(shown.map((p) => p.code));
  return (
    <svg className="pickup-points__map" viewBox={`0 0 ${MAP_W} ${MAP_H}`} role="group" aria-label="Пункты выдачи на карте">
      <rect width={MAP_W} height={MAP_H} rx="8" className="pickup-points__ground" />
      {points.map((p) => (
        <circle
          key={p.code}
          cx={x(p.longitude)}
          cy={y(p.latitude)}
          r={p.code === chosen ? 9 : 6}
          className={`pickup-points__dot${p.code === chosen ? ' is-chosen' : ''}${visible.has(p.code) ? '' : ' is-faint'}${usable(p) ? '' : ' is-unusable'}`}
          onClick={() => onChoose(p)}
        >
          <title>{`${p.name}: ${p.address}`}</title>
        </circle>
      ))}
    </svg>
  );
}
