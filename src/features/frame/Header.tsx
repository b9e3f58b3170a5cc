// The header (spec §2): promo text, the burger of the mobile menu, logo, phones and chat phone, the link to
// delivery and payments, the search bar, the account control, the favourites and basket counters and the
// desktop menu. Every menu closes on a route change. The mobile menu's panel and the desktop menu come from
// the frame (`menus`): it loads their code after the page has hydrated (app/Later.tsx).
import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { href } from '../../../common/routes.ts';
import { useCatalog } from '../../state/catalog.ts';
import { useFavorites } from '../../state/favorites.ts';
import { closeMenus } from '../../state/menu.ts';
import { AccountButton } from './AccountButton.tsx';
import { CartWidget } from './CartWidget.tsx';
import { HeartIcon } from './icons.tsx';
import { CountNotKnownYet } from '../../components/NotKnownYet.tsx';
import { useKnown } from '../../state/personal.ts';
import { MobileMenu } from './MobileMenu.tsx';
import { SearchBar } from './SearchBar.tsx';
import { ShopPhones } from './ShopPhones.tsx';
import './frame.css';

interface Props {
  /** The mobile menu's panel (MobileMenuPanel) and the desktop menu (DesktopMenu), as the frame renders them. */
  menus: { mobilePanel: ReactNode; desktop: ReactNode };
}

export function Header({ menus }: Props) {
  const org = useCatalog().organization.data;
  const favCount = useFavorites().ids.length;
  const favKnown = useKnown().favorites;
  const [location] = useLocation();
  useEffect(() => {
    closeMenus();
  }, [location]);

  return (
    <header className="header">
      {org?.promocode && <p className="header__promo">{org.promocode}</p>}
      <div className="header__bar container">
        <MobileMenu />
        {menus.mobilePanel}
        <Link href={href('index')} className="header__logo" aria-label="Море и Мода — на главную">
          <img src={org?.logo ?? '/logo.svg'} alt="" width={40} height={40} />
          <span>Море и Мода</span>
        </Link>
        <div className="header__contacts">
          {org && <ShopPhones org={org} className="header__phone" />}
          <Link href={href('delivery-and-payments')} className="header__link">
            Доставка и оплата
          </Link>
        </div>
        <div className="header__tools">
          <SearchBar />
          <AccountButton />
          <Link href={href('favorite')} className="icon-button header__fav" aria-label={favKnown ? `Избранное: ${favCount}` : 'Избранное'}>
            <HeartIcon />
            {favKnown ? (
              <span data-testid="favorites-count" className="header__badge">
                {favCount}
              </span>
            ) : (
              <CountNotKnownYet className="header__badge" />
            )}
          </Link>
          <CartWidget />
        </div>
      </div>
      {menus.desktop}
    </header>
  );
}
