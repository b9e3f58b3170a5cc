// /recovery (spec §2): the forgot-password form as a page.
import { Breadcrumbs } from '../../components/Breadcrumbs.tsx';
import { HOME_CRUMB } from '../../lib/breadcrumbs.ts';
import { ForgotForm } from './ForgotForm.tsx';
import './popups.css';

export default function RecoveryPage() {
  return (
    <div className="account-page">
      <Breadcrumbs crumbs={[HOME_CRUMB]} current="Восстановление пароля" />
      <h1>Восстановление пароля</h1>
      <ForgotForm idPrefix="recovery" />
    </div>
  );
}
