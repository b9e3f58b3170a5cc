// The mobile menu's burger (< 768px, spec §2): opens the panel (MobileMenuPanel.tsx) through the menu
// store, and says whether it is open.
import { openMobileMenu, useMenu } from '../../state/menu.ts';
import { BurgerIcon } from './icons.tsx';

export function MobileMenu() {
  const { mobileOpen } = useMenu();
  return (
    <button type="button" className="icon-button burger" aria-expanded={mobileOpen} aria-controls="mobile-menu" onClick={openMobileMenu}>
      <BurgerIcon />
      <span className="visually-hidden">Меню</span>
    </button>
  );
}
