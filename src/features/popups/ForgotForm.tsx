// The forgot-password form (spec §4, §5, §8): an e-mail; success says a link was sent, failure says the
// user was not found. Used by the forgot-password popup and the /recovery and /reset pages.
import { useState } from 'react';
import { requestReset } from '../../api/account.ts';
import { normalizeEmail } from '../../../common/input-rules.ts';
import { forgotFailure } from '../../api/account-errors.ts';
import { checkForgot } from './account-rules.ts';
import { Field, invalid } from '../../components/Field.tsx';
import { useAccountForm } from './use-account-form.ts';

const SENT_TEXT = 'Ссылка для восстановления пароля отправлена на вашу почту';

export function ForgotForm({ idPrefix }: { idPrefix: string }) {
  const f = useAccountForm({ email: '' });
  const [sent, setSent] = useState(false);
  const id = `${idPrefix}-email`;
  const onSubmit = f.submit(
    (v) => checkForgot(v.email),
    async (v) => {
      await requestReset(normalizeEmail(v.email));
      setSent(true);
    },
    forgotFailure,
  );
  if (sent)
    return (
      <p className="notice account-form__done" role="status">
        {SENT_TEXT}
      </p>
    );
  return (
    <form className="account-form" onSubmit={onSubmit} noValidate>
      <p className="muted">Укажите e-mail, с которым вы регистрировались: мы пришлём ссылку для смены пароля.</p>
      <Field id={id} label="E-mail" error={f.hints.email}>
        <input
          id={id}
          type="email"
          autoComplete="email"
          value={f.values.email}
          onChange={(e) => f.set('email')(e.target.value)}
          {...invalid(id, f.hints.email)}
        />
      </Field>
      {f.failure && (
        <p className="form-error" role="alert">
          {f.failure}
        </p>
      )}
      <button type="submit" className="button button--big" disabled={f.sending}>
        {f.sending ? 'Отправляем…' : 'Восстановить пароль'}
      </button>
    </form>
  );
}
