// The frame of the account pages (spec §1, §6): breadcrumbs, the title, the account menu (profile, addresses,
// order history, favourites, mailing, bonus programme, log out) for a signed-in user, and the gate of a
// private page: while the stored token's user loads, a loading line (never a flash of "log in"); signed
// out, a Russian explanation and a button that opens the login popup.
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { Breadcrumbs } from '../../components/Breadcrumbs.tsx';
import { HOME_CRUMB, type Crumb } from '../../lib/breadcrumbs.ts';
import { href } from '../../../common/routes.ts';
import { useAuth } from '../../state/auth.ts';
import { loadUser, logOut } from '../../state/session.ts';
import { openPopup } from '../../state/popups.ts';
import './account.css';

const ACCOUNT_LINKS: readonly (readonly [route: string, label: string])[] = [
  ['profile', 'Личный кабинет'],
  ['address', 'Мои адреса'],
  ['history-order', 'История заказов'],
  ['favorite', 'Избранное'],
  ['send', 'Рассылка'],
  ['discount', 'Бонусная программа'],
];

interface Props {
  title: string;
  /** Crumbs between 'Главная' and the current page. */
  trail?: readonly Crumb[];
  /** Current crumb when it differs from the title. */
  current?: string;
  /** A page anyone may use (favourites, mailing): no gate, the menu only when signed in. */
  open?: boolean;
  /** What a signed-out visitor sees below the gate of a private page. */
  signedOut?: ReactNode;
  children: ReactNode;
}

export function AccountFrame({ title, trail = [], current, open = false, signedOut, children }: Props) {
  const a = useAuth();
  const signedIn = a.signedIn;
  let body: ReactNode = children;
  if (!open) {
    if (a.loading)
      body = (
        <p className="page-loading muted" role="status">
          Загружаем ваши данные…
        </p>
      );
    else if (!signedIn)
      body = (
        <>
          <SignInGate />
          {signedOut}
        </>
      );
    else if (!a.user) body = <UserNotLoaded />;
  }
  return (
    <div className={`account${signedIn ? ' account--with-nav' : ''}`}>
      {signedIn && <AccountNav />}
      <div className="account__page">
        <Breadcrumbs crumbs={[HOME_CRUMB, ...trail]} current={current ?? title} />
        <h1>{title}</h1>
        {body}
      </div>
    </div>
  );
}

function AccountNav() {
  const [path] = useLocation();
  return (
    <nav className="account-nav" aria-label="Личный кабинет">
      <ul>
        {ACCOUNT_LINKS.map(([route, label]) => {
          const to = href(route);
          const here = path === to || path.startsWith(`${to}/`);
          return (
            <li key={route}>
              <Link href={to} aria-current={here ? 'page' : undefined}>
                {label}
              </Link>
            </li>
          );
        })}
        <li>
          <button type="button" onClick={() => void logOut()}>
            Выйти
          </button>
        </li>
      </ul>
    </nav>
  );
}

function SignInGate() {
  return (
    <div className="notice" data-testid="sign-in-gate">
      <p>
        Этот раздел доступен только зарегистрированным покупателям. Войдите в личный кабинет, чтобы видеть свои данные, адреса, заказы и
        бонусы.
      </p>
      <div className="account-actions">
        <button type="button" className="button" onClick={() => openPopup('login')}>
          Войти
        </button>
        <button type="button" className="button button--ghost" onClick={() => openPopup('register')}>
          Зарегистрироваться
        </button>
      </div>
    </div>
  );
}

/** Signed in, but the user could not be loaded (offline or the shop failed): say so and offer a retry. */
function UserNotLoaded() {
  return (
    <div className="notice" role="alert">
      <p>Не удалось загрузить ваши данные. Проверьте подключение к интернету и попробуйте ещё раз.</p>
      <button type="button" className="button" onClick={() => void loadUser()}>
        Повторить
      </button>
    </div>
  );
}
