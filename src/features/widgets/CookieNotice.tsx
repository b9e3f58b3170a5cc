// The cookie notice (spec §2, §4): visible until accepted; Accept is stored; a link to the cookie page. The
// server renders it for a visitor without the acceptance cookie (state/widgets.ts).
import { Link } from 'wouter';
import { href } from '../../../common/routes.ts';
import { usePieceMarks } from '../../components/piece-marks.ts';
import { acceptCookies, useCookieNoticeShown } from '../../state/widgets.ts';

export function CookieNotice() {
  const marks = usePieceMarks();
  if (!useCookieNoticeShown()) return null;
  return (
    <section className="cookie-notice" role="region" aria-label="Уведомление о cookie" {...marks}>
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
