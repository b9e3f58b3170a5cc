// The change-password popup (spec §2, §4, §5 "Reset password"): opened by /reset/{token} or by the `reset`
// query over any page. Two password fields with the live checklist; the final check (non-empty, 8
// characters, a digit, a Latin capital; the repeat equal) marks failing fields and sends nothing. Success
// shows 'Данные успешно сохранены' and a login link; a failure shows nothing (spec §8). A backdrop click
// goes home.
import { useState } from 'react';
import { Link } from 'wouter';
import { completeReset } from '../../api/account.ts';
import { Popup } from '../../components/Popup.tsx';
import { href } from '../../../common/routes.ts';
import { checkPasswords } from './account-rules.ts';
import { PasswordFields } from './PasswordFields.tsx';
import { useAccountForm } from './use-account-form.ts';

export interface ChangePasswordPopupProps {
  token: string;
  /** Leaves the popup: the × button. */
  onClose: () => void;
  /** A backdrop click: to the home page. */
  onBackdrop: () => void;
  /** The login link after success. */
  onLogin: () => void;
}

export function ChangePasswordPopup({ token, onClose, onBackdrop, onLogin }: ChangePasswordPopupProps) {
  const f = useAccountForm({ password_one: '', password_two: '' });
  const [success, setSuccess] = useState(false);
  const onSubmit = f.submit(
    (v) => checkPasswords(v.password_one, v.password_two),
    async (v) => {
      await completeReset(v.password_one, v.password_two, token);
      setSuccess(true);
    },
    () => '', // spec §8: a failed reset shows no message; the success flag stays false
  );
  return (
    <Popup title="Смена пароля" onClose={onClose} onBackdrop={onBackdrop} closeOnEscape={false}>
      {success ? (
        <div className="account-form__done" role="status">
          <p className="notice">Данные успешно сохранены</p>
          <button type="button" className="button" onClick={onLogin}>
            Войти
          </button>
        </div>
      ) : (
        <form className="account-form" onSubmit={onSubmit} noValidate>
          <PasswordFields idPrefix="reset" form={f} labels={['Новый пароль', 'Повторите новый пароль']} />
          <button type="submit" className="button button--big" disabled={f.sending}>
            Сохранить изменения
          </button>
          <p className="muted account-form__legal">
            Сохраняя пароль, вы соглашаетесь с <Link href={href('privacy-policy')}>политикой конфиденциальности</Link> и{' '}
            <Link href={href('publick-offer')}>публичной офертой</Link>.
          </p>
        </form>
      )}
    </Popup>
  );
}
