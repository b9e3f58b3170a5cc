// The brands page: every brand of the shop, alphabetically, each linking to its own page.
import { useEffect } from 'react';
import { Link } from 'wouter';
import { Breadcrumbs } from '../../components/Breadcrumbs.tsx';
import { HOME_CRUMB } from '../../lib/breadcrumbs.ts';
import { href } from '../../../common/routes.ts';
import { loadFrameData, useCatalog } from '../../state/catalog.ts';
import './catalog.css';

export default function BrandsPage() {
  const { brands } = useCatalog();
  useEffect(() => {
    void loadFrameData();
  }, []);
  const sorted = [...brands.data].sort((a, b) => a.name.localeCompare(b.name, 'ru'));
  return (
    <div className="brands-page">
      <Breadcrumbs crumbs={[HOME_CRUMB]} current="Бренды" />
      <h1>Бренды</h1>
      {brands.status === 'error' && !sorted.length && <p className="notice">Не удалось загрузить бренды. Обновите страницу.</p>}
      <ul className="brand-list">
        {sorted.map((b) => (
          <li key={b.slug}>
            <Link href={href('brands-slug', { slug: b.slug })}>{b.name}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
