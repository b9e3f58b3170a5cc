// The mobile menu's panel (< 768px, spec §2): a full-height modal <dialog> with the shop's phones, the
// basket, favourites, the account (signed out: 'Войти', which opens the login popup; signed in: the
// shopper's name, to the profile), the catalogue roots (each opens to its subcategories) and the information
// pages. It opens when the burger (MobileMenu.tsx) sets the menu store, and closes on a route change (Header),
// its close button, Escape and a press beside it; the page behind does not scroll while it is open. Not in a
// page's first download: the frame draws it in place of the server's once the page has hydrated
// (app/Later.tsx); before the app starts, the page's inline script opens and closes the server's panel
// (common/early-input-script.ts).
import { memo, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Link } from 'wouter';
import { DIALOG_CLOSE_ATTRIBUTE } from '../../../common/early-input-script.ts';
import { href } from '../../../common/routes.ts';
import { useAuth } from '../../state/auth.ts';
import { useCatalog } from '../../state/catalog.ts';
import { useFavorites } from '../../state/favorites.ts';
import { closeMobileMenu, useMenu } from '../../state/menu.ts';
import { openPopup } from '../../state/popups.ts';
import { usePieceMarks } from '../../components/piece-marks.ts';
import { displayName } from './AccountButton.tsx';
import { ChevronIcon, CloseIcon } from './icons.tsx';
import { CountNotKnownYet } from '../../components/NotKnownYet.tsx';
import { useKnown } from '../../state/personal.ts';
import { MOBILE_INFO_LINKS } from './info-links.ts';
import { ShopPhones } from './ShopPhones.tsx';

const DESKTOP = '(min-width: 768px)';

/**
 * The catalogue root the shopper opened in the server's panel before the app started (the page's inline
 * script shows and hides them meanwhile): the panel drawn in its place keeps it open.
 */
function expandedBeforeStart(): string | null {
  if (typeof document === 'undefined') return null;
  return document.querySelector<HTMLElement>('#mobile-menu .mobile-menu__root[aria-expanded="true"]')?.dataset.root ?? null;
}

export function MobileMenuPanel() {
  const { mobileOpen } = useMenu();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const d = dialogRef.current;
    if (!d) return;
    if (mobileOpen && !d.open) {
      d.showModal();
      closeRef.current?.focus();
    } else if (!mobileOpen && d.open) {
      d.close();
    }
  }, [mobileOpen]);

  useEffect(() => {
    if (!mobileOpen) return;
    const body = document.body.style;
    const before = body.overflow;
    body.overflow = 'hidden';
    // Grown to the desktop layout: the desktop menu takes over.
    const wide = matchMedia(DESKTOP);
    const onWide = () => wide.matches && closeMobileMenu();
    wide.addEventListener('change', onWide);
    return () => {
      body.overflow = before;
      wide.removeEventListener('change', onWide);
    };
  }, [mobileOpen]);

  const marks = usePieceMarks();
  return (
    <dialog
      id="mobile-menu"
      ref={dialogRef}
      className="mobile-menu"
      aria-label="Меню"
      onClose={closeMobileMenu}
      onClick={(e) => e.target === e.currentTarget && closeMobileMenu()}
      {...marks}
    >
      <PanelContent closeRef={closeRef} />
    </dialog>
  );
}

/**
 * What the panel holds, drawn apart from whether it is open: opening the menu (a tap the shopper waits on)
 * then only opens the dialog, instead of drawing every catalogue link again.
 */
const PanelContent = memo(function PanelContent({ closeRef }: { closeRef: RefObject<HTMLButtonElement | null> }) {
  const { previewCategories, organization } = useCatalog();
  const { signedIn, user } = useAuth();
  const favCount = useFavorites().ids.length;
  const favKnown = useKnown().favorites;
  const [expanded, setExpanded] = useState<string | null>(expandedBeforeStart);

  const item = (to: string, label: string, extra?: ReactNode) => (
    <li key={to}>
      <Link href={to} className="mobile-menu__link" onClick={closeMobileMenu} data-prefetch>
        {label}
        {extra}
      </Link>
    </li>
  );

  return (
    <div className="mobile-menu__inner">
      <div className="mobile-menu__head">
        <span className="mobile-menu__title">Меню</span>
        <button
          ref={closeRef}
          type="button"
          className="icon-button"
          aria-label="Закрыть меню"
          onClick={closeMobileMenu}
          {...{ [DIALOG_CLOSE_ATTRIBUTE]: '' }}
        >
          <CloseIcon />
        </button>
      </div>
      {organization.data && (
        <p className="mobile-menu__phones">
          <ShopPhones org={organization.data} className="mobile-menu__phone" />
        </p>
      )}
      <nav aria-label="Мобильное меню">
        <ul className="mobile-menu__list">
          {item(href('basket'), 'Корзина')}
          {item(
            href('favorite'),
            'Избранное',
            favKnown ? <span className="mobile-menu__count">{favCount}</span> : <CountNotKnownYet className="mobile-menu__count" />,
          )}
          {!signedIn ? (
            <li>
              <button
                type="button"
                className="mobile-menu__link"
                onClick={() => {
                  closeMobileMenu();
                  openPopup('login');
                }}
              >
                Войти
              </button>
            </li>
          ) : (
            item(href('profile'), displayName(user) || 'Личный кабинет')
          )}
        </ul>
        <h2 className="mobile-menu__heading">Каталог</h2>
        <ul className="mobile-menu__list">
          {previewCategories.data.map((root) => {
            const open = expanded === root.path;
            const id = `mobile-menu-${root.path}`;
            return (
              <li key={root.path}>
                <button
                  type="button"
                  className="mobile-menu__link mobile-menu__root"
                  aria-expanded={open}
                  aria-controls={id}
                  data-root={root.path}
                  onClick={() => setExpanded(open ? null : root.path)}
                >
                  {root.name}
                  <ChevronIcon />
                </button>
                <ul id={id} className="mobile-menu__sub" hidden={!open}>
                  {item(`/${root.path}`, `Все товары: ${root.name}`)}
                  {root.subcategories.map((sub) => item(`/${sub.path}`, sub.name))}
                </ul>
              </li>
            );
          })}
          {item(href('new'), 'Новинки')}
          {item(href('sale'), 'Распродажа')}
          {item(href('brands'), 'Бренды')}
        </ul>
        <h2 className="mobile-menu__heading">Покупателям</h2>
        <ul className="mobile-menu__list">{MOBILE_INFO_LINKS.map(([name, label]) => item(href(name), label))}</ul>
      </nav>
    </div>
  );
});
