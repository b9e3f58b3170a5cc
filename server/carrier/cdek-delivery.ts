// Delivery by CDEK under the shop's contract: the DeliveryProvider of server/orders/delivery.ts. The owner's
// tariff table still says which methods reach a zone, from what sum delivery is free, and where payment on
// receipt and fitting are offered; CDEK's calculator prices each method and says its days, for the basket's
// parcel from the sender's city to the buyer's (the courier: CDEK's cheapest «склад–дверь» tariff; a pickup
// point: its cheapest «склад–склад», and its cheapest «склад–постамат» kept for a parcel locker). The city's pickup points are CDEK's. CDEK's answers are cached (an hour);
// when CDEK does not answer a quote, the tariff table prices it alone (logged), so checkout goes on.
import { LRUCache } from 'lru-cache';
import type { CdekConfig } from '../config.ts';
import type { Queryable } from '../db/public.ts';
import { Refusal } from '../refusal.ts';
import { tariffTableDelivery, type DeliveryProvider, type DeliveryQuote, type PickupPoint } from '../orders/public.ts';
import { CarrierError, type CdekApi, type CdekPoint, type CdekTariff } from './cdek-api.ts';
import { cityForCarrier, keepCdekCode } from './cities-sql.ts';
import { packParcel } from './parcel.ts';
import { goodsRoots } from './goods-sql.ts';

export const POINTS_UNAVAILABLE = 'СДЭК сейчас не отвечает: список пунктов выдачи недоступен. Попробуйте через минуту';

/**
 * CDEK's delivery modes (the calculator's delivery_mode) from the office the shop hands parcels in at: to the
 * buyer's door, to a pickup point, to a parcel locker.
 */
export const MODES = { courier: 3, pickup: 4, locker: 7 } as const;
const CACHE_MS = 60 * 60 * 1000;

export function cdekDelivery(api: CdekApi, config: CdekConfig, fittingItemsMax: number, warn: (msg: string) => void): DeliveryProvider {
  const table = tariffTableDelivery(fittingItemsMax);
  const tariffs = new LRUCache<string, CdekTariff[]>({ max: 2000, ttl: CACHE_MS });
  const points = new LRUCache<number, PickupPoint[]>({ max: 500, ttl: CACHE_MS });
  let sender: Promise<number> | null = null;

  /** CDEK's code of the sender's city, found once. */
  const senderCode = () =>
    (sender ??= api.cities(config.senderCity).then((found) => {
      if (!found[0]) throw new CarrierError(`СДЭК не знает города отправителя «${config.senderCity}» (CDEK_SENDER_CITY)`, false);
      return found[0].code;
    })).catch((err: unknown) => {
      sender = null;
      throw err;
    });

  /** CDEK's code of one of the shop's cities: kept once found by its name and region. */
  async function cityCode(db: Queryable, cityId: number): Promise<number | null> {
    const city = await cityForCarrier(db, cityId);
    if (!city) return null;
    if (city.cdek_code !== null) return city.cdek_code;
    const found = await api.cities(city.name);
    const word = city.region.split(/\s/)[0]!.toLowerCase();
    const match = found.find((c) => (c.region ?? '').toLowerCase().includes(word)) ?? found[0];
    if (!match) return null;
    await keepCdekCode(db, cityId, match.code);
    return match.code;
  }

  return {
    id: 'cdek',
    async quote(db, cityId, sum, goods = []) {
      const own = await table.quote(db, cityId, sum);
      if (!own) return null;
      try {
        const to = await cityCode(db, cityId);
        if (to === null) return own;
        const parcel = packParcel(await goodsRoots(db, goods), config.parcels);
        const key = `${to}|${parcel.weight}|${parcel.length}x${parcel.width}x${parcel.height}`;
        let list = tariffs.get(key);
        if (!list) {
          list = await api.tariffs({ code: await senderCode() }, { code: to }, [parcel]);
          tariffs.set(key, list);
        }
        const quotes: DeliveryQuote[] = [];
        for (const q of own) {
          const best = cheapest(list, MODES[q.method]);
          if (!best) continue; // CDEK does not carry that way there
          quotes.push({
            ...q,
            // The table's free-delivery sum is the shop's promise: it pays CDEK then.
            price: q.price === 0 ? 0 : Math.ceil(best.delivery_sum),
            days_min: best.period_min,
            days_max: best.period_max,
            carrier: {
              id: 'cdek',
              tariff_code: best.tariff_code,
              locker_tariff_code: q.method === 'pickup' ? (cheapest(list, MODES.locker)?.tariff_code ?? null) : null,
            },
          });
        }
        return quotes;
      } catch (err) {
        if (!(err instanceof CarrierError)) throw err;
        warn(`cdek: quote by the tariff table: ${err.message}`);
        return own;
      }
    },

    async pickupPoints(db, cityId) {
      try {
        const code = await cityCode(db, cityId);
        if (code === null) return [];
        let list = points.get(code);
        if (!list) {
          list = (await api.deliveryPoints(code)).map(pointOf);
          points.set(code, list);
        }
        return list;
      } catch (err) {
        if (!(err instanceof CarrierError)) throw err;
        warn(`cdek: pickup points: ${err.message}`);
        throw new Refusal('providerFailed', POINTS_UNAVAILABLE);
      }
    },
  };
}

/** The cheapest tariff of a delivery mode. */
function cheapest(list: readonly CdekTariff[], mode: number): CdekTariff | undefined {
  return list.filter((t) => t.delivery_mode === mode).sort((a, b) => a.delivery_sum - b.delivery_sum)[0];
}

/** A CDEK point as the buyer chooses it. */
function pointOf(p: CdekPoint): PickupPoint {
  return {
    code: p.code,
    name: p.name,
    type: p.type,
    address: p.location.address_full ?? p.location.address,
    metro: p.nearest_metro_station ?? '',
    work_time: p.work_time ?? '',
    latitude: p.location.latitude,
    longitude: p.location.longitude,
    cash_on_delivery: p.allowed_cod ?? false,
    fitting_room: p.is_dressing_room ?? false,
  };
}
