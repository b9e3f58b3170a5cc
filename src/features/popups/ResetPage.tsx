// /reset and /reset/{token} (spec §2): with a token, the change-password popup (the popup host) stands over
// this page; without one, the page explains where the link comes from and offers the forgot form.
import { useLocation } from 'wouter';
import { Breadcrumbs } from '../../components/Breadcrumbs.tsx';
import { HOME_CRUMB } from '../../lib/breadcrumbs.ts';
import { matchRoute } from '../../../common/routes.ts';
import { ForgotForm } from './ForgotForm.tsx';
import './popups.css';

export default function ResetPage() {
  const [path] = useLocation();
  const token = matchRoute(path)?.params.token;
  return (
    <div className="account-page">
      <Breadcrumbs crumbs={[HOME_CRUMB]} current="Смена пароля" />
      <h1>Смена пароля</h1>
      {token ? (
        <p>Задайте новый пароль в открытом окне.</p>
      ) : (
        <>
          <p>
            Сменить пароль можно по ссылке из письма: её присылаем на почту, с которой вы регистрировались. Если письма нет или ссылка
            устарела, запросите новую.
          </p>
          <ForgotForm idPrefix="reset-page" />
        </>
      )}
    </div>
  );
}
