// The form of one saved address (add or edit): the city from the shop's city search, street, house, flat,
// postcode, a comment for the courier and the default flag. Required fields are marked; nothing is sent
// while one fails.
import { useState, type FormEvent } from 'react';
import { saveAddress } from '../../api/account.ts';
import type { Address } from '../../../common/contract/accounts.ts';
import { CitySearch } from '../../components/CitySearch.tsx';
import { registerFailure as failureText } from '../../api/account-errors.ts';
import { addressPayload, checkAddress, type AddressErrors, type AddressForm } from './address-rules.ts';
import { Field } from '../../components/Field.tsx';

interface Props {
  initial: AddressForm;
  onSaved: (list: Address[]) => void;
  onCancel: () => void;
}

type TextKey = 'street' | 'house' | 'flat' | 'postcode' | 'comment';

export function AddressEditor({ initial, onSaved, onCancel }: Props) {
  const [form, setForm] = useState<AddressForm>(initial);
  const [errors, setErrors] = useState<AddressErrors>({});
  const [failure, setFailure] = useState('');
  const [sending, setSending] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = checkAddress(form);
    setErrors(found);
    setFailure('');
    if (Object.values(found).some(Boolean)) return;
    setSending(true);
    try {
      onSaved(await saveAddress(addressPayload(form)));
    } catch (err) {
      console.warn('[address] not saved', err);
      setFailure(failureText(err));
      setSending(false);
    }
  };

  const text = (k: TextKey, label: string, autoComplete?: string) => {
    const error = errors[k as keyof AddressErrors]; // flat and comment have no rule: undefined
    return (
      <Field id={`address-${k}`} label={label} error={error}>
        <input
          id={`address-${k}`}
          autoComplete={autoComplete}
          value={form[k]}
          aria-invalid={!!error}
          onChange={(e) => {
            const v = e.target.value;
            setForm((f) => ({ ...f, [k]: v }));
            setErrors((x) => ({ ...x, [k]: undefined }));
          }}
        />
      </Field>
    );
  };

  return (
    <form className="cabinet-form" onSubmit={submit} noValidate data-testid="address-form">
      <h2>{form.id ? 'Изменить адрес' : 'Новый адрес'}</h2>
      <CitySearch
        city={form.city}
        label="Город *"
        error={errors.city}
        onChoose={(city) => {
          setForm((f) => ({ ...f, city }));
          if (city) setErrors((x) => ({ ...x, city: undefined }));
        }}
      />
      {text('street', 'Улица *', 'address-line1')}
      {text('house', 'Дом *')}
      {text('flat', 'Квартира, офис', 'address-line2')}
      {text('postcode', 'Индекс', 'postal-code')}
      {text('comment', 'Комментарий для курьера')}
      <p className="muted">* — обязательные поля</p>
      <label className="field field--check">
        <input type="checkbox" checked={form.is_default} onChange={(e) => setForm((f) => ({ ...f, is_default: e.target.checked }))} />
        Основной адрес доставки
      </label>
      {failure && (
        <p className="form-error" role="alert">
          {failure}
        </p>
      )}
      <div className="account-actions">
        <button type="submit" className="button" disabled={sending}>
          {sending ? 'Сохраняем…' : 'Сохранить адрес'}
        </button>
        <button type="button" className="button button--ghost" onClick={onCancel}>
          Отмена
        </button>
      </div>
    </form>
  );
}
