// The login popup (spec §2, §4, §5): e-mail (lowercased) and password; links to registration and to the
// forgot-password popup; social login. Success signs in, which closes the popup.
import { login } from '../../api/account.ts';
import { Popup } from '../../components/Popup.tsx';
import { normalizeEmail } from '../../../common/input-rules.ts';
import { signedIn } from '../../state/session.ts';
import { closePopup, openPopup } from '../../state/popups.ts';
import { loginFailure, TEXT } from '../../api/account-errors.ts';
import { checkLogin } from './account-rules.ts';
import { Field, invalid } from '../../components/Field.tsx';
import { SocialButtons } from './SocialButtons.tsx';
import { useAccountForm } from './use-account-form.ts';

export function LoginPopup() {
  const f = useAccountForm({ email: '', password: '' });
  const onSubmit = f.submit(
    checkLogin,
    async (v) => {
      await login(normalizeEmail(v.email), v.password);
      // The token is good but the user could not be loaded: the connection dropped in between.
      if (!(await signedIn())) f.setFailure(TEXT.offline);
    },
    loginFailure,
  );

  return (
    <Popup title="Вход" onClose={closePopup}>
      <form className="account-form" onSubmit={onSubmit} noValidate>
        <Field id="login-email" label="E-mail" error={f.hints.email}>
          <input
            id="login-email"
            type="email"
            autoComplete="username"
            value={f.values.email}
            onChange={(e) => f.set('email')(e.target.value)}
            {...invalid('login-email', f.hints.email)}
          />
        </Field>
        <Field id="login-password" label="Пароль" error={f.hints.password}>
          <input
            id="login-password"
            type="password"
            autoComplete="current-password"
            value={f.values.password}
            onChange={(e) => f.set('password')(e.target.value)}
            {...invalid('login-password', f.hints.password)}
          />
        </Field>
        <button type="button" className="link-button account-form__aside" onClick={() => openPopup('forgot')}>
          Забыли пароль?
        </button>
        {f.failure && (
          <p className="form-error" role="alert">
            {f.failure}
          </p>
        )}
        <button type="submit" className="button button--big" disabled={f.sending}>
          {f.sending ? 'Входим…' : 'Войти'}
        </button>
      </form>
      <SocialButtons />
      <p className="account-form__switch">
        Нет аккаунта?{' '}
        <button type="button" className="link-button" onClick={() => openPopup('register')}>
          Зарегистрироваться
        </button>
      </p>
    </Popup>
  );
}
