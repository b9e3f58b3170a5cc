// The finish-registration popup (spec §2, §4, §5, §8): shown while the signed-in user has no e-mail (after
// a social login); e-mail, last, first and middle name, password and repeat; PUT /v1/changeinfo/. Closing
// it logs the user out; a backdrop click does nothing, so a stray click does not.
import { changeInfo } from '../../api/account.ts';
import type { User } from '../../../common/contract/accounts.ts';
import { Popup } from '../../components/Popup.tsx';
import { normalizeEmail } from '../../../common/input-rules.ts';
import { userChanged } from '../../state/auth.ts';
import { logOut } from '../../state/session.ts';
import { finishFailure } from '../../api/account-errors.ts';
import { checkFinish } from './account-rules.ts';
import { Field, invalid } from '../../components/Field.tsx';
import { PasswordFields } from './PasswordFields.tsx';
import { useAccountForm } from './use-account-form.ts';

const ignore = () => {};
// Stable, so the popup does not take the focus back on every keystroke.
const close = () => void logOut();

export function FinishRegistrationPopup({ user }: { user: User }) {
  const f = useAccountForm({
    email: '',
    last_name: user.last_name,
    first_name: user.first_name,
    middle_name: user.second_name,
    password_one: '',
    password_two: '',
  });
  const onSubmit = f.submit(
    checkFinish,
    async (v) => {
      const changed = await changeInfo({
        email: normalizeEmail(v.email),
        first_name: v.first_name.trim(),
        last_name: v.last_name.trim(),
        middle_name: v.middle_name.trim(),
        password_one: v.password_one,
        password_two: v.password_two,
      });
      userChanged(changed);
    },
    finishFailure,
  );
  const text = (k: 'email' | 'last_name' | 'first_name' | 'middle_name', label: string, autoComplete: string) => {
    const id = `finish-${k}`;
    return (
      <Field id={id} label={label} error={f.hints[k]}>
        <input
          id={id}
          type={k === 'email' ? 'email' : 'text'}
          autoComplete={autoComplete}
          value={f.values[k]}
          onChange={(e) => f.set(k)(e.target.value)}
          {...invalid(id, f.hints[k])}
        />
      </Field>
    );
  };
  return (
    <Popup title="Завершение регистрации" onClose={close} onBackdrop={ignore} closeOnEscape={false}>
      <form className="account-form" onSubmit={onSubmit} noValidate>
        <p className="muted">Чтобы пользоваться личным кабинетом, укажите e-mail, ФИО и задайте пароль.</p>
        {text('email', 'E-mail', 'email')}
        {text('last_name', 'Фамилия', 'family-name')}
        {text('first_name', 'Имя', 'given-name')}
        {text('middle_name', 'Отчество', 'additional-name')}
        <PasswordFields idPrefix="finish" form={f} />
        {f.failure && (
          <p className="form-error" role="alert">
            {f.failure}
          </p>
        )}
        <button type="submit" className="button button--big" disabled={f.sending}>
          {f.sending ? 'Сохраняем…' : 'Завершить регистрацию'}
        </button>
      </form>
    </Popup>
  );
}
