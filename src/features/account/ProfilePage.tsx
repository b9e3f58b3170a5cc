// /profile: the signed-in user's names, e-mail, phone (+7(###)-###-##-## mask) and an optional new password,
// saved with PUT /v1/changeinfo/; a new password or e-mail asks for the current password. A failing field is
// marked and nothing is sent; a refusal shows the server's message (spec §8), else the default text; success
// says 'Данные успешно сохранены' and the header's name follows at once. A new e-mail waits for the link
// mailed to it, which the page says; an account without a password (social sign-up) gets one by a mailed
// link instead of the password fields. Below, the active sessions (ActiveSessions.tsx) and this device's
// notifications (PushSettingsSection.tsx).
import { useState, type FormEvent } from 'react';
import { IMaskInput } from 'react-imask';
import { changeInfo, requestReset } from '../../api/account.ts';
import type { User } from '../../../common/contract/accounts.ts';
import { PHONE_MASK } from '../../../common/input-rules.ts';
import { useAuth, userChanged } from '../../state/auth.ts';
import { AccountFrame } from './AccountFrame.tsx';
import { ActiveSessions } from './ActiveSessions.tsx';
import { PushSettingsSection } from './PushSettingsSection.tsx';
import { ResultMessage, useResultCall } from './form-result.tsx';
import { Field } from '../../components/Field.tsx';
import {
  checkProfile,
  needsCurrentPassword,
  profileFormOf,
  profilePayload,
  type ProfileErrors,
  type ProfileForm,
} from './profile-rules.ts';

const SAVED_TEXT = 'Данные успешно сохранены';
const pendingText = (email: string) => `Мы отправили письмо на ${email}: откройте ссылку из него, чтобы сменить e-mail`;

export default function ProfilePage() {
  const { user } = useAuth();
  return (
    <AccountFrame title="Личный кабинет">
      {user && (
        <>
          <ProfileEditor user={user} />
          <ActiveSessions />
          <PushSettingsSection />
        </>
      )}
    </AccountFrame>
  );
}

function ProfileEditor({ user }: { user: User }) {
  const [form, setForm] = useState<ProfileForm>(() => profileFormOf(user));
  const [errors, setErrors] = useState<ProfileErrors>({});
  const { result, sending, run, clear } = useResultCall();
  const set = (k: keyof ProfileForm) => (v: string) => {
    setForm((f) => ({ ...f, [k]: v }));
    setErrors((e) => ({ ...e, [k]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = checkProfile(form, user);
    setErrors(found);
    clear();
    if (Object.values(found).some(Boolean)) return;
    await run(async () => {
      const saved = await changeInfo(profilePayload(form));
      const emailAsked = saved.pending_email !== null && saved.pending_email !== user.pending_email;
      userChanged(saved);
      setForm(profileFormOf(saved));
      return emailAsked ? `${SAVED_TEXT}. ${pendingText(saved.pending_email!)}` : SAVED_TEXT;
    });
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
      {user.pending_email && !result?.ok && <p className="muted">{pendingText(user.pending_email)}</p>}
      {user.has_password ? (
        <fieldset>
          <legend>Смена пароля</legend>
          <p className="muted">Оставьте поля пустыми, если не хотите менять пароль. Минимум 8 символов, 1 заглавная буква и 1 цифра.</p>
          {text('password_one', 'Новый пароль', 'password', 'new-password')}
          {text('password_two', 'Повторите пароль', 'password', 'new-password')}
          {needsCurrentPassword(form, user) && text('current_password', 'Текущий пароль', 'password', 'current-password')}
        </fieldset>
      ) : (
        user.email && <PasswordByMail email={user.email} />
      )}
      <ResultMessage result={result} />
      <button type="submit" className="button" disabled={sending}>
        {sending ? 'Сохраняем…' : 'Сохранить изменения'}
      </button>
    </form>
  );
}

/** An account without a password (a social sign-up) sets one by the reset link mailed to its e-mail. */
function PasswordByMail({ email }: { email: string }) {
  const { result, sending, run } = useResultCall();
  const send = () => run(async () => (await requestReset(email)).message);
  return (
    <fieldset>
      <legend>Пароль</legend>
      <p className="muted">
        У аккаунта ещё нет пароля. Мы пришлём на {email} ссылку, по которой его можно задать; с паролем можно сменить и e-mail.
      </p>
      <ResultMessage result={result} />
      <button type="button" className="button button--ghost" disabled={sending} onClick={() => void send()}>
        Задать пароль
      </button>
    </fieldset>
  );
}
