// /manage, /manage/orders/{id} and /manage/exchange: the manager's desk, for the shop's staff (STAFF_EMAILS). Signed out, it
// offers the shop's login; signed in as anyone else, it says the desk is the staff's (the API's own 403
// message); then the orders list, one order, or the exchanges with the accounting system. Its chunk is loaded only here, never by a shopper's page.
import { Link, useLocation } from 'wouter';
import { useAuth } from '../../state/auth.ts';
import { openPopup } from '../../state/popups.ts';
import { useLoad } from '../../components/use-load.ts';
import { href, matchRoute } from '../../../common/routes.ts';
import { whoIsAtDesk } from '../../api/desk.ts';
import { DeskOrders } from './DeskOrders.tsx';
import { DeskOrderView } from './DeskOrderView.tsx';
import { DeskExchange } from './DeskExchange.tsx';
import './desk.css';

export default function DeskPage() {
  const [path] = useLocation();
  const a = useAuth();
  const me = useLoad(a.signedIn ? `desk-me ${a.user?.email ?? ''}` : null, whoIsAtDesk);
  let body;
  if (a.loading || (a.signedIn && me.loading))
    body = (
      <p className="muted" role="status">
        Открываем рабочее место…
      </p>
    );
  else if (!a.signedIn)
    body = (
      <div className="notice" data-testid="desk-gate">
        <p>Рабочее место менеджера: войдите под учётной записью сотрудника магазина.</p>
        <button type="button" className="button" onClick={() => openPopup('login')}>
          Войти
        </button>
      </div>
    );
  else if (me.error !== null)
    body = (
      <p className="notice notice--error" role="alert">
        {me.error instanceof Error ? me.error.message : 'Не удалось открыть рабочее место. Обновите страницу.'}
      </p>
    );
  else {
    const at = matchRoute(path);
    const id = Number(at?.params.pk ?? 0);
    body = at?.route.name === 'manage-exchange' ? <DeskExchange /> : id > 0 ? <DeskOrderView key={id} id={id} /> : <DeskOrders />;
  }
  return (
    <div className="desk">
      <p className="desk__who muted">
        {me.data ? `Рабочее место менеджера · ${me.data.email}` : 'Рабочее место менеджера'}
        {me.data && (
          <nav className="desk__nav" aria-label="Разделы рабочего места">
            <Link href={href('manage')}>Заказы</Link>
            <Link href={href('manage-exchange')}>Обмен с 1С</Link>
          </nav>
        )}
      </p>
      {body}
    </div>
  );
}
