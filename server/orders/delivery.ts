// Delivery behind a small interface (docs/architecture.md): a provider quotes the methods it serves to a city for an
// order sum. The built-in provider reads the tariff table by the region's zone (free from a sum).
import type { Queryable } from '../db/public.ts';
import { cityPlace, zoneTariffs } from './geo-sql.ts';

export type DeliveryMethod = 'courier' | 'pickup';

export interface DeliveryQuote {
  method: DeliveryMethod;
  name: string;
  price: number;
  days_min: number;
  days_max: number;
}

export interface DeliveryProvider {
  readonly id: string;
  /** The methods served to the city for this goods sum; null when the city is unknown. */
  quote(db: Queryable, cityId: number, sum: number): Promise<DeliveryQuote[] | null>;
}

export const METHOD_NAMES: Record<DeliveryMethod, string> = {
  courier: 'Курьером до двери',
  pickup: 'В пункт выдачи',
};

export const DELIVERY_MESSAGES = {
  unknownCity: 'Город не найден',
  noMethod: 'Этим способом в выбранный город не доставляем',
} as const;

export const tariffTableDelivery: DeliveryProvider = {
  id: 'tariffs',
  async quote(db, cityId, sum) {
    const place = await cityPlace(db, cityId);
    if (!place) return null;
    const tariffs = await zoneTariffs(db, place.zone);
    return tariffs.map((t) => ({
      method: t.method,
      name: METHOD_NAMES[t.method],
      price: t.free_from !== null && sum >= t.free_from ? 0 : t.price,
      days_min: t.days_min,
      days_max: t.days_max,
    }));
  },
};
