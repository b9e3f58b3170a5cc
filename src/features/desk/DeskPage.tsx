// /manage, /manage/orders/{id} and /manage/exchange: the manager's desk, for the shop's staff (STAFF_EMAILS). Until the
// desk is open it shows the gate's step (DeskGate.tsx: the login, the invitation, the authenticator, the code);
// signed in as anyone else, it says the desk is the staff's; then the orders list, one order, or the exchanges
// with the accounting system. Its chunk is loaded only here, never by a shopper's page.
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useAuth } from '../../state/auth.ts';
import { useLoad } from '../../components/use-load.ts';
import { href, matchRoute } from '../../../common/routes.ts';
import { closeDesk, deskGate } from '../../api/desk.ts';
import { DeskGate } from './DeskGate.tsx';
import { DeskOrders } from './DeskOrders.tsx';
import { DeskOrderView } from './DeskOrderView.tsx';
import { DeskExchange } from './DeskExchange.tsx';
import './desk.css';

export default function DeskPage() {
  const [path] = useLocation();
  const a = useAuth();
  // Asked again after each step of the gate (and when the desk is closed).
  const [asked, setAsked] = useState(0);
  const gate = useLoad(a.signedIn ? `desk-gate ${a.user?.email ?? ''} ${asked}` : null, deskGate);
  const askAgain = () => setAsked((n) => n + 1);
  const open = a.signedIn && gate.data?.step === 'open' ? gate.data : null;
  let body;
  if (a.loading || (a.signedIn && gate.loading && !gate.data))
    body = (
      <p className="muted" role="status">
        Открываем рабочее место…
      </p>
    );
  else if (!a.signedIn) body = <DeskGate gate={{ step: 'sign-in', email: null, message: '' }} onStep={askAgain} />;
  else if (gate.error !== null)
    body = (
      <p className="notice notice--error" role="alert">
        {gate.error instanceof Error ? gate.error.message : 'Не удалось открыть рабочее место. Обновите страницу.'}
      </p>
    );
  else if (!open) body = gate.data ? <DeskGate key={gate.data.step} gate={gate.data} onStep={askAgain} /> : null;
  else {
    const at = matchRoute(path);
    const id = Number(at?.params.pk ?? 0);
    body = at?.route.name === 'manage-exchange' ? <DeskExchange /> : id > 0 ? <DeskOrderView key={id} id={id} /> : <DeskOrders />;
  }
  const leave = async () => {
    await closeDesk().catch(() => undefined); // offline: the desk closes by itself within the hour
    askAgain();
  };
  return (
    <div className="desk">
      <p className="desk__who muted">
        {open ? `Рабочее место менеджера · ${open.email}` : 'Рабочее место менеджера'}
        {open && (
          <nav className="desk__nav" aria-label="Разделы рабочего места">
            <Link href={href('manage')}>Заказы</Link>
            <Link href={href('manage-exchange')}>Обмен с 1С</Link>
            <button type="button" className="button button--small button--ghost" onClick={() => void leave()}>
              Закрыть рабочее место
            </button>
          </nav>
        )}
      </p>
      {body}
    </div>
  );
}
