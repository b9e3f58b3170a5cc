// 'Добавить в корзину' of a certificate: queues the basket line by its ext_id and puts the certificate in
// the gift-card-in-basket record (its data then loads from POST /v1/gift/card/data/).
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { GiftCertificate } from '../../../common/contract/orders.ts';
import { href } from '../../../common/routes.ts';
import { SHOP_NAME } from '../../../common/titles.ts';
import { ADD_FAILED, addToBasket, preloadBasketQueue } from '../../state/add-to-basket.ts';
import { setGiftCard } from '../../state/gift-card.ts';

export function AddCertificate({ certificate: c }: { certificate: GiftCertificate }) {
  const [added, setAdded] = useState<boolean | 'failed'>(false);
  useEffect(preloadBasketQueue, []);
  const add = async () => {
    setAdded(false);
    const stored = addToBasket(c.ext_id, 1, c.name, {
      name: c.name,
      brand: SHOP_NAME,
      price: c.nominal,
      image: c.image,
      href: href('podarochnye-sertifikaty', { slug: c.slug }),
      feature: '',
    });
    if (
      !(await stored.then(
        () => true,
        () => false,
      ))
    )
      return setAdded('failed');
    // Once its line is in the basket: the gift card record goes when that line leaves (state/gift-card.ts).
    void setGiftCard(c.ext_id);
    setAdded(true);
  };
  return (
    <div className="add-to-basket">
      <button type="button" className="button button--big" onClick={() => void add()}>
        Добавить в корзину
      </button>
      {added === 'failed' && (
        <p className="form-error" role="alert">
          {ADD_FAILED}
        </p>
      )}
      {added === true && (
        <p role="status">
          Сертификат добавлен в корзину. <Link href={href('basket')}>Перейти в корзину</Link>
        </p>
      )}
    </div>
  );
}
