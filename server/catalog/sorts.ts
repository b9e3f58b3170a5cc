// The Russian names of the list orders a shopper can pick (contract SORTS), in the order they are offered.
import type { Sort } from '../../common/contract/catalog.ts';

export const SORT_NAMES: Readonly<Record<Sort, string>> = {
  popular: 'По популярности',
  new: 'Новинки',
  price_asc: 'Сначала дешёвые',
  price_desc: 'Сначала дорогие',
  discount: 'По размеру скидки',
};
