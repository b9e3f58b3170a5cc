// /manage and /manage/orders/{id}: the manager's desk, for the shop's staff (STAFF_EMAILS). Signed out, it
// offers the shop's login; signed in as anyone else, it says the desk is the staff's (the API's own 403
// message); then the orders list, or one order. Its chunk is loaded only here, never by a shopper's page.
import { useLocation } from 'wouter';
import { useAuth } from '../../state/auth.ts';
import { openPopup } from '../../state/popups.ts';
import { useLoad } from '../../components/use-load.ts';
import { matchRoute } from '../../../common/routes.ts';
import { whoIsAtDesk } from '../../api/desk.ts';
import { DeskOrders } from './DeskOrders.tsx';
import { DeskOrderView } from './DeskOrderView.tsx';
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
    const id = Number(matchRoute(path)?.params.pk ?? 0);
    body = id > 0 ? <DeskOrderView key={id} id={id} /> : <DeskOrders />;
  }
  return (
    <div className="desk">
      <p className="desk__who muted">{me.data ? `Рабочее место менеджера · ${me.data.email}` : 'Рабочее место менеджера'}</p>
      {body}
    </div>
  );
}
