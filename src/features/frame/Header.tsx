// The header's first version (spec §2): promo text, phones and chat phone, logo, the link to delivery and
// payments, the favourites counter, and the category roots of the menu.
import { Link } from 'wouter';
import { href } from '../../lib/routes.ts';
import { useCatalog } from '../../state/catalog.ts';
import { useFavorites } from '../../state/favorites.ts';

const tel = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

export function Header() {
  const { organization, previewCategories } = useCatalog();
  const fav = useFavorites();
  const org = organization.data;
  return (
    <header className="header">
      {org?.promocode && <p className="header__promo">{org.promocode}</p>}
      <div className="header__bar container">
        <Link href={href('index')} className="header__logo" aria-label="Море и Мода — на главную">
          <img src={org?.logo ?? '/logo.svg'} alt="" width={40} height={40} />
          <span>Море и Мода</span>
        </Link>
        <div className="header__contacts">
          {org && (
            <>
              <a href={tel(org.phone)} className="header__phone">{org.phone}</a>
              <a href={tel(org.phone_chats)} className="header__phone header__phone--chat" title="Телефон для чатов">
                {org.phone_chats} <small>чаты</small>
              </a>
            </>
          )}
          <Link href={href('delivery-and-payments')} className="header__link">Доставка и оплата</Link>
        </div>
        <Link href={href('favorite')} className="header__counter" aria-label={`Избранное: ${fav.ids.length}`}>
          ♥ <span data-testid="favorites-count">{fav.ids.length}</span>
        </Link>
      </div>
      <nav className="header__menu container" aria-label="Каталог">
        {previewCategories.data.map((root) => (
          <Link key={root.path} href={`/${root.path}`}>{root.name}</Link>
        ))}
        <Link href={href('brands')}>Бренды</Link>
        <Link href={href('sale')} className="header__menu-sale">Распродажа</Link>
      </nav>
    </header>
  );
}
