// One certificate in the list: its picture, name and nominal, linking to its own page.
import { Link } from 'wouter';
import type { GiftCertificate } from '../../../common/contract/orders.ts';
import { formatPrice } from '../../../common/money.ts';
import { href } from '../../../common/routes.ts';
import { keepSumsTogether } from './gift-text.ts';

export function CertificateCard({ certificate: c }: { certificate: GiftCertificate }) {
  return (
    <Link href={href('podarochnye-sertifikaty', { slug: c.slug })} className="gift-card" data-ext-id={c.ext_id}>
      <img src={c.image} alt="" width={600} height={380} loading="lazy" className="gift-card__picture" />
      <h2 className="gift-card__name">{keepSumsTogether(c.name)}</h2>
      <p className="price gift-card__nominal" data-testid="nominal">
        {formatPrice(c.nominal)}
      </p>
    </Link>
  );
}
