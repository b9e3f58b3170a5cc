// The desktop menu (≥ 768px, spec §2): a dropdown per category root with its first 10 subcategories, the
// brands dropdown of the fixed §9 list, 'Новинки' and 'Распродажа'. Hidden on phones by frame.css.
import { Link } from 'wouter';
import { href } from '../../../common/routes.ts';
import { useCatalog } from '../../state/catalog.ts';
import { hasMoreBrands, menuBrands, subcategoryMenu } from './menu-items.ts';
import { MenuDropdown } from './MenuDropdown.tsx';

export function DesktopMenu() {
  const { previewCategories, brands } = useCatalog();
  return (
    <nav className="menu" aria-label="Каталог">
      <ul className="menu__list container">
        {previewCategories.data.map((root) => {
          const { items, more } = subcategoryMenu(root);
          if (items.length === 0) {
            return (
              <li key={root.path} className="menu__item">
                <Link href={`/${root.path}`} className="menu__top" data-prefetch>
                  {root.name}
                </Link>
              </li>
            );
          }
          return (
            <MenuDropdown
              key={root.path}
              id={root.path}
              label={root.name}
              href={`/${root.path}`}
              listLabel={`Подкатегории: ${root.name}`}
              links={items.map((sub) => ({ href: `/${sub.path}`, label: sub.name }))}
              more={more ? { href: `/${root.path}`, label: 'Смотреть все категории' } : null}
            />
          );
        })}
        <MenuDropdown
          id="brands"
          label="Бренды"
          listLabel="Бренды"
          links={menuBrands(brands.data).map((b) => ({ href: href('brands-slug', { slug: b.slug }), label: b.name }))}
          more={hasMoreBrands(brands.data) ? { href: href('brands'), label: 'Смотреть все бренды' } : null}
        />
        <li className="menu__item">
          <Link href={href('new')} className="menu__top" data-prefetch>
            Новинки
          </Link>
        </li>
        <li className="menu__item">
          <Link href={href('sale')} className="menu__top menu__top--sale" data-prefetch>
            Распродажа
          </Link>
        </li>
      </ul>
    </nav>
  );
}
