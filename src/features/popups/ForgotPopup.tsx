// The forgot-password popup (spec §2, §4): the forgot form and a way back to login.
import { Popup } from '../../components/Popup.tsx';
import { closePopup, openPopup } from '../../state/popups.ts';
import { ForgotForm } from './ForgotForm.tsx';

export function ForgotPopup() {
  return (
    <Popup title="Восстановление пароля" onClose={closePopup}>
      <ForgotForm idPrefix="forgot" />
      <p className="account-form__switch">
        Вспомнили пароль?{' '}
        <button type="button" className="link-button" onClick={() => openPopup('login')}>
          Войти
        </button>
      </p>
    </Popup>
  );
}
