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

/**
 * What each method costs for a basket of `sum`: the provider's quote, except that a basket of gift certificates
 * alone is charged nothing, for no parcel travels (each card is mailed to the buyer when the order is paid,
 * order-paid.ts).
 */
export async function quoteBasket(
  provider: DeliveryProvider,
  db: Queryable,
  cityId: number,
  sum: number,
  certificatesOnly: boolean,
): Promise<DeliveryQuote[] | null> {
  const quotes = await provider.quote(db, cityId, sum);
  return quotes && certificatesOnly ? quotes.map((q) => ({ ...q, price: 0 })) : quotes;
}

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
