// /discount: the signed-in user's bonus points (GET /v1/bonus/: the balance that may be spent now) and the
// ledger (GET /v1/bonus/history/, newest first) with its kinds in Russian; the rules are on /rules-discount.
import { Link } from 'wouter';
import { getBonus, getBonusLedger } from '../../api/account.ts';
import { useLoad } from '../../components/use-load.ts';
import { formatDate } from '../../lib/dates.ts';
import { href } from '../../../common/routes.ts';
import { useAuth } from '../../state/auth.ts';
import { AccountFrame } from './AccountFrame.tsx';
import { entryText, pointsText } from './bonus-text.ts';

export default function BonusPage() {
  const { user } = useAuth();
  return <AccountFrame title="Бонусная программа">{user && <Bonus />}</AccountFrame>;
}

function Bonus() {
  const bonus = useLoad('bonus', getBonus);
  const ledger = useLoad('bonus-ledger', getBonusLedger);
  return (
    <>
      <section data-testid="bonus-balance">
        {bonus.loading ? (
          <p className="muted" role="status">
            Загружаем баланс…
          </p>
        ) : bonus.data ? (
          <>
            <p>На вашем бонусном счёте</p>
            <p className="bonus-balance">{pointsText(bonus.data.balance)}</p>
            <p className="muted">
              Начисляем {bonus.data.accrual_percent}% от оплаченных товаров; баллами можно оплатить до {bonus.data.max_share_percent}%
              заказа.
            </p>
          </>
        ) : (
          <p className="form-error" role="alert">
            Не удалось загрузить баланс баллов. Проверьте подключение к интернету и обновите страницу.
          </p>
        )}
        <p>
          <Link href={href('rules-discount')}>Правила бонусной программы</Link>
        </p>
      </section>
      <section>
        <h2>История операций</h2>
        {ledger.loading ? (
          <p className="muted" role="status">
            Загружаем историю…
          </p>
        ) : ledger.error !== null ? (
          <p className="form-error" role="alert">
            Не удалось загрузить историю операций. Проверьте подключение к интернету и обновите страницу.
          </p>
        ) : !ledger.data?.length ? (
          <p className="notice">Операций по бонусному счёту пока не было. Баллы начисляются за оплаченные заказы.</p>
        ) : (
          <ul className="bonus-ledger" data-testid="bonus-ledger">
            {ledger.data.map((e) => (
              <li key={e.id}>
                <span>
                  <strong>{entryText(e)}</strong>
                  {e.order_number && <> · заказ № {e.order_number}</>}
                  <br />
                  <small className="muted">
                    {formatDate(e.created_at)}
                    {e.expires_at && e.amount > 0 && <> · действуют до {formatDate(e.expires_at)}</>}
                  </small>
                </span>
                <span className={e.amount >= 0 ? 'bonus-plus' : 'bonus-minus'}>
                  {e.amount >= 0 ? '+' : '−'}
                  {pointsText(Math.abs(e.amount))}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
