// /profile: the signed-in user's names, e-mail, phone (+7(###)-###-##-## mask) and an optional new password,
// saved with PUT /v1/changeinfo/. A failing field is marked and nothing is sent; a refusal shows the
// server's message (spec §8), else the default text; success says 'Данные успешно сохранены' and the
// header's name follows at once.
import { useState, type FormEvent } from 'react';
import { IMaskInput } from 'react-imask';
import { changeInfo } from '../../api/account.ts';
import type { User } from '../../../common/contract/accounts.ts';
import { PHONE_MASK } from '../../../common/validation.ts';
import { useAuth, userChanged } from '../../state/auth.ts';
import { AccountFrame } from './AccountFrame.tsx';
import { registerFailure as failureText } from '../../api/account-errors.ts';
import { Field } from '../../components/Field.tsx';
import { checkProfile, profileFormOf, profilePayload, type ProfileErrors, type ProfileForm } from './profile-rules.ts';

const SAVED_TEXT = 'Данные успешно сохранены';

export default function ProfilePage() {
  const { user } = useAuth();
  return <AccountFrame title="Личный кабинет">{user && <ProfileEditor user={user} />}</AccountFrame>;
}

function ProfileEditor({ user }: { user: User }) {
  const [form, setForm] = useState<ProfileForm>(() => profileFormOf(user));
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [sending, setSending] = useState(false);
  const set = (k: keyof ProfileForm) => (v: string) => {
    setForm((f) => ({ ...f, [k]: v }));
    setErrors((e) => ({ ...e, [k]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = checkProfile(form);
    setErrors(found);
    setResult(null);
    if (Object.values(found).some(Boolean)) return;
    setSending(true);
    try {
      const saved = await changeInfo(profilePayload(form));
      userChanged(saved);
      setForm(profileFormOf(saved));
      setResult({ ok: true, text: SAVED_TEXT });
    } catch (err) {
      console.warn('[profile] not saved', err);
      setResult({ ok: false, text: failureText(err) });
    } finally {
      setSending(false);
    }
  };

  const text = (k: keyof ProfileForm, label: string, type = 'text', autoComplete?: string) => (
    <Field id={`profile-${k}`} label={label} error={errors[k]}>
      <input
        id={`profile-${k}`}
        type={type}
        autoComplete={autoComplete}
        value={form[k]}
        aria-invalid={!!errors[k]}
        onChange={(e) => set(k)(e.target.value)}
      />
    </Field>
  );

  return (
    <form className="cabinet-form" onSubmit={submit} noValidate data-testid="profile-form">
      <fieldset>
        <legend>Личные данные</legend>
        {text('last_name', 'Фамилия', 'text', 'family-name')}
        {text('first_name', 'Имя', 'text', 'given-name')}
        {text('middle_name', 'Отчество', 'text', 'additional-name')}
        {text('email', 'E-mail', 'email', 'email')}
        <Field id="profile-phone" label="Телефон" error={errors.phone}>
          <IMaskInput
            id="profile-phone"
            mask={PHONE_MASK}
            lazy={false}
            inputMode="tel"
            autoComplete="tel"
            value={form.phone}
            aria-invalid={!!errors.phone}
            onAccept={(v: string) => set('phone')(v)}
          />
        </Field>
      </fieldset>
      <fieldset>
        <legend>Смена пароля</legend>
        <p className="muted">Оставьте поля пустыми, если не хотите менять пароль. Минимум 8 символов, 1 заглавная буква и 1 цифра.</p>
        {text('password_one', 'Новый пароль', 'password', 'new-password')}
        {text('password_two', 'Повторите пароль', 'password', 'new-password')}
      </fieldset>
      {result && (
        <p className={result.ok ? 'form-ok' : 'form-error'} role={result.ok ? 'status' : 'alert'}>
          {result.text}
        </p>
      )}
      <button type="submit" className="button" disabled={sending}>
        {sending ? 'Сохраняем…' : 'Сохранить изменения'}
      </button>
    </form>
  );
}
