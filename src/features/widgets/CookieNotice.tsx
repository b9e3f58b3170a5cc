// The cookie notice (spec §2, §4): visible until accepted; Accept is stored; a link to the cookie page.
import { Link } from 'wouter';
import { href } from '../../../common/routes.ts';
import { acceptCookies, useWidgets } from '../../state/widgets.ts';

export function CookieNotice() {
  const { cookieAccepted } = useWidgets();
  if (cookieAccepted) return null;
  return (
    <section className="cookie-notice" role="region" aria-label="Уведомление о cookie">
      <p>
        Мы используем файлы cookie, чтобы сайт работал удобнее. Подробнее — в{' '}
        <Link href={href('cookie')}>уведомлении об использовании cookie</Link>.
      </p>
      <button type="button" className="button" onClick={acceptCookies}>
        Принять
      </button>
    </section>
  );
}
