// The registration popup (spec §2, §4, §5, §8): full name, e-mail (lowercased), an optional phone masked as
// +7(###)-###-##-## (sent without dashes and brackets), password and repeat with the live checklist; a
// link to login; social login. The server's message, else the default text, on failure.
import { IMaskInput } from 'react-imask';
import { register } from '../../api/account.ts';
import { Popup } from '../../components/Popup.tsx';
import { normalizeEmail, PHONE_MASK, phoneForServer, phoneIsEmpty } from '../../../common/input-rules.ts';
import { signedIn } from '../../state/session.ts';
import { closePopup, openPopup } from '../../state/popups.ts';
import { registerFailure, TEXT } from '../../api/account-errors.ts';
import { checkRegister } from './account-rules.ts';
import { Field, invalid } from '../../components/Field.tsx';
import { PasswordFields } from './PasswordFields.tsx';
import { SocialButtons } from './SocialButtons.tsx';
import { useAccountForm } from './use-account-form.ts';

export function RegisterPopup() {
  const f = useAccountForm({ full_name: '', email: '', phone: '', password_one: '', password_two: '' });
  const onSubmit = f.submit(
    checkRegister,
    async (v) => {
      await register({
        full_name: v.full_name.trim().replace(/\s+/g, ' '),
        email: normalizeEmail(v.email),
        phone: phoneIsEmpty(v.phone) ? undefined : phoneForServer(v.phone),
        password_one: v.password_one,
        password_two: v.password_two,
      });
      if (!(await signedIn())) f.setFailure(TEXT.offline);
    },
    registerFailure,
  );

  return (
    <Popup title="Регистрация" onClose={closePopup}>
      <form className="account-form" onSubmit={onSubmit} noValidate>
        <Field id="register-name" label="ФИО" error={f.hints.full_name}>
          <input
            id="register-name"
            autoComplete="name"
            value={f.values.full_name}
            onChange={(e) => f.set('full_name')(e.target.value)}
            {...invalid('register-name', f.hints.full_name)}
          />
        </Field>
        <Field id="register-email" label="E-mail" error={f.hints.email}>
          <input
            id="register-email"
            type="email"
            autoComplete="email"
            value={f.values.email}
            onChange={(e) => f.set('email')(e.target.value)}
            {...invalid('register-email', f.hints.email)}
          />
        </Field>
        <Field id="register-phone" label="Телефон (необязательно)" error={f.hints.phone}>
          <IMaskInput
            id="register-phone"
            mask={PHONE_MASK}
            lazy={false}
            inputMode="tel"
            autoComplete="tel"
            value={f.values.phone}
            onAccept={(v: string) => f.set('phone')(v)}
            {...invalid('register-phone', f.hints.phone)}
          />
        </Field>
        <PasswordFields idPrefix="register" form={f} />
        {f.failure && (
          <p className="form-error" role="alert">
            {f.failure}
          </p>
        )}
        <button type="submit" className="button button--big" disabled={f.sending}>
          {f.sending ? 'Регистрируем…' : 'Зарегистрироваться'}
        </button>
      </form>
      <SocialButtons />
      <p className="account-form__switch">
        Уже есть аккаунт?{' '}
        <button type="button" className="link-button" onClick={() => openPopup('login')}>
          Войти
        </button>
      </p>
    </Popup>
  );
}
