// The header's account control (spec §2 header): signed out, 'Войти' opens the login popup; signed in,
// the user's first and last name link to the profile, beside a logout button.
import { Link } from 'wouter';
import type { User } from '../../../common/contract/accounts.ts';
import { href } from '../../../common/routes.ts';
import { useAuth } from '../../state/auth.ts';
import { openPopup } from '../../state/popups.ts';
import { LogoutIcon, UserIcon } from './icons.tsx';

/** How the frame names a signed-in shopper: first and last name, else the full name. */
export function displayName(user: Pick<User, 'first_name' | 'last_name' | 'full_name'> | null): string {
  return user ? `${user.first_name} ${user.last_name}`.trim() || user.full_name : '';
}

// The session module comes with the page's idle start (app/background.ts), before a signed-in shopper shows this
// button; importing it here would put the account calls into the frame's first chunk.
const logOut = () => import('../../state/session.ts').then((session) => session.logOut());

export function AccountButton() {
  const { signedIn, user } = useAuth();
  if (!signedIn) {
    return (
      <button type="button" className="account-link" aria-label="Войти" onClick={() => openPopup('login')}>
        <UserIcon />
        <span className="account-link__label">Войти</span>
      </button>
    );
  }
  const name = displayName(user);
  return (
    <>
      <Link href={href('profile')} className="account-link" aria-label={name ? `Личный кабинет: ${name}` : 'Личный кабинет'}>
        <UserIcon />
        <span className="account-link__label" data-testid="account-name">
          {name || 'Личный кабинет'}
        </span>
      </Link>
      <button type="button" className="icon-button" aria-label="Выйти" title="Выйти" onClick={() => void logOut()}>
        <LogoutIcon />
      </button>
    </>
  );
}
