// What the feeds say of a size and a colour: Google's size_system on every sized item (a woman's Russian
// clothing size in the European system it has), Yandex's size unit (RU for numbers, INT for letters), and no
// placeholder colour in a title or a field.
import { describe, expect, it } from 'vitest';
import { googleItem, yandexOffer } from '../../server/content/feed-xml.ts';
import type { FeedOffer } from '../../server/content/feed-sql.ts';
import { NO_COLOR } from '../../server/exchange/public.ts';

const SHOP = { name: 'Море и Мода', origin: 'https://moreimoda.example' };
const offer = (o: Partial<FeedOffer>): FeedOffer => ({
  offer_id: 1,
  product_id: 1,
  name: 'Платье «Ривьера»',
  description: '',
  article: '',
  price: 5990,
  old_price: null,
  path: '/odezhda/platya/1/plate-rivera',
  brand: 'Море и Мода',
  category_id: 1,
  root: 'odezhda',
  size: 'M',
  color: 'синий',
  stock: 3,
  pictures: ['/media/1.jpg'],
  ...o,
});
const tag = (xml: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1] ?? null;

describe('sizes and colours in the feeds', () => {
  it("gives Google a size system for every sized item, a woman's Russian size in European numbers", () => {
    const google = (o: Partial<FeedOffer>) => {
      const xml = googleItem(SHOP, offer(o));
      return [tag(xml, 'g:size'), tag(xml, 'g:size_system')];
    };
    expect(google({ size: 'M' })).toEqual(['M', 'EU']);
    expect(google({ size: '44' })).toEqual(['38', 'EU']); // RU 44 = EU 38 (bust 88 cm)
    expect(google({ size: '75B', root: 'bele' })).toEqual(['75B', 'EU']);
    expect(google({ size: '70', root: 'bele' })).toEqual(['70', 'EU']); // a bra's band alone is no clothing size
    expect(google({ size: '45', root: 'odezhda' })).toEqual(['45', 'EU']); // odd: not a Russian clothing size
    expect(google({ size: '38', root: 'obuv' })).toEqual(['38', 'EU']); // shoes are European numbers already
    expect(google({ size: '50', root: 'muzhskoe' })).toEqual(['50', 'EU']); // men's: half the chest, as Germany's
    expect(google({ size: '104', root: 'detskoe' })).toEqual(['104', 'EU']); // a child's height
    expect(google({ size: 'Один размер', root: 'aksessuary' })).toEqual(['Один размер', null]);
  });

  it('gives Yandex the grid of each size', () => {
    const unit = (size: string) => /<param name="Размер"(?: unit="(\w+)")?>/.exec(yandexOffer(SHOP, offer({ size })))?.[1] ?? null;
    expect([unit('XS'), unit('2XL'), unit('44'), unit('75B'), unit('104'), unit('Один размер')]).toEqual([
      'INT',
      'INT',
      'RU',
      'RU',
      'RU',
      null,
    ]);
  });

  it('leaves a colour the accounting system did not name out of the title and the fields', () => {
    const google = googleItem(SHOP, offer({ color: NO_COLOR, size: '46' }));
    expect(tag(google, 'g:title')).toBe('Платье «Ривьера», размер 46');
    expect(tag(google, 'g:color')).toBeNull();
    expect(tag(googleItem(SHOP, offer({})), 'g:title')).toBe('Платье «Ривьера», синий, размер M');
    expect(yandexOffer(SHOP, offer({ color: NO_COLOR }))).not.toContain(NO_COLOR);
  });
});
