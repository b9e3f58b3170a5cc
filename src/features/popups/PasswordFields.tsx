// A password and its repeat with the live checklist of spec §5: each rule turns green on each keystroke
// (the live check accepts Cyrillic capitals; the final check on submit does not).
import { passwordHints } from '../../../common/input-rules.ts';
import type { Hints, PasswordKey } from './account-rules.ts';
import { Field, invalid } from '../../components/Field.tsx';

interface Props {
  idPrefix: string;
  /** The form (useAccountForm) that holds both fields. */
  form: { values: Record<PasswordKey, string>; hints: Hints<PasswordKey>; set: (k: PasswordKey) => (v: string) => void };
  labels?: [string, string];
}

export function PasswordFields({ idPrefix, form: { values, hints, set }, labels = ['Пароль', 'Повторите пароль'] }: Props) {
  const live = passwordHints(values.password_one);
  const rules: [ok: boolean, text: string][] = [
    [live.length, 'Минимум 8 символов'],
    [live.capital, 'Минимум 1 заглавная буква'],
    [live.digit, 'Минимум 1 цифра'],
  ];
  const a = `${idPrefix}-password-one`;
  const b = `${idPrefix}-password-two`;
  return (
    <>
      <Field id={a} label={labels[0]} error={hints.password_one}>
        <input
          id={a}
          type="password"
          autoComplete="new-password"
          value={values.password_one}
          onChange={(e) => set('password_one')(e.target.value)}
          {...invalid(a, hints.password_one)}
        />
      </Field>
      <ul className="password-checklist" aria-label="Требования к паролю">
        {rules.map(([ok, text]) => (
          <li key={text} className={ok ? 'is-ok' : undefined}>
            {text}
            <span className="visually-hidden">{ok ? ': выполнено' : ': не выполнено'}</span>
          </li>
        ))}
      </ul>
      <Field id={b} label={labels[1]} error={hints.password_two}>
        <input
          id={b}
          type="password"
          autoComplete="new-password"
          value={values.password_two}
          onChange={(e) => set('password_two')(e.target.value)}
          {...invalid(b, hints.password_two)}
        />
      </Field>
    </>
  );
}
