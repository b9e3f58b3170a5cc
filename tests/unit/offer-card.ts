// An offer card as the catalogue answers it (the contract's Offer), for the unit tests of the offline search:
// a Seafolly swimsuit at 1000 + id roubles unless `more` says otherwise.
import type { Offer } from '../../common/contract/catalog.ts';

export const offerCard = (id: number, name: string, more: Partial<Offer> = {}): Offer => ({
  id,
  slug: `offer-${id}`,
  name,
  brand: { slug: 'seafolly', name: 'Seafolly' },
  price: 1000 + id,
  old_price: null,
  discount: 0,
  is_new: false,
  is_sale: false,
  images: [],
  full_path_offer: `/kupalniki/slitnye/${id}/offer-${id}`,
  colors: [],
  sizes: ['S', 'M'],
  ...more,
});
