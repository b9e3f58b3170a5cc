// /address: the signed-in user's saved addresses (GET /v1/user_address/), added and edited in a form, deleted
// after a confirmation (POST /v1/user_address_delete/); the default one is marked. Every change answers the
// whole list, which replaces the one shown. Spec §2 also names /address for the shop's address: a signed-out
// visitor, who has no addresses of their own, finds the showroom's address and hours there (GET
// /v1/about/address).
import { useState } from 'react';
import { deleteAddress, getAddresses } from '../../api/account.ts';
import type { Address } from '../../../common/contract/accounts.ts';
import { getInfoPage } from '../../api/content.ts';
import { RichText } from '../../components/RichText.tsx';
import { useLoad } from '../../components/use-load.ts';
import { useAuth } from '../../state/auth.ts';
import { AccountFrame } from './AccountFrame.tsx';
import { registerFailure as failureText } from '../../api/account-errors.ts';
import { AddressEditor } from './AddressEditor.tsx';
import { addressFormOf, addressLine, emptyAddress, type AddressForm } from './address-rules.ts';

export default function AddressesPage() {
  const { user } = useAuth();
  return (
    <AccountFrame title="Мои адреса" signedOut={<ShopAddress />}>
      {user && <Addresses />}
    </AccountFrame>
  );
}

function ShopAddress() {
  const page = useLoad('about:address', () => getInfoPage('address'));
  if (!page.data) return null; // a failed load is logged by useLoad; the gate above still says what to do
  return (
    <section className="shop-address" aria-label={page.data.title}>
      <h2>{page.data.title}</h2>
      <RichText html={page.data.body_html} />
    </section>
  );
}

function Addresses() {
  const loaded = useLoad('addresses', getAddresses);
  const [saved, setSaved] = useState<Address[] | null>(null);
  const [editing, setEditing] = useState<AddressForm | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [failure, setFailure] = useState('');
  const list = saved ?? loaded.data ?? [];

  const remove = async (id: number) => {
    setFailure('');
    try {
      setSaved(await deleteAddress(id));
      setConfirming(null);
    } catch (err) {
      console.warn('[address] not deleted', err);
      setFailure(failureText(err));
    }
  };

  if (loaded.loading && !saved)
    return (
      <p className="muted" role="status">
        Загружаем адреса…
      </p>
    );
  return (
    <>
      {loaded.error !== null && !saved && (
        <p className="form-error" role="alert">
          Не удалось загрузить адреса. Проверьте подключение к интернету и обновите страницу.
        </p>
      )}
      {loaded.error === null && list.length === 0 && !editing && (
        <p className="notice">Сохранённых адресов пока нет. Добавьте адрес — при оформлении заказа его не придётся вводить заново.</p>
      )}
      <ul className="address-list" data-testid="address-list">
        {list.map((a) => (
          <li key={a.id} className={`address-card${a.is_default ? ' is-default' : ''}`} data-address-id={a.id}>
            <p>
              <strong>{addressLine(a)}</strong>
            </p>
            {a.comment && <p className="muted">{a.comment}</p>}
            {a.is_default && <p className="form-ok">Основной адрес</p>}
            {confirming === a.id ? (
              <div className="account-actions" role="group" aria-label="Подтверждение удаления">
                <span>Удалить этот адрес?</span>
                <button type="button" className="button button--small" onClick={() => void remove(a.id)}>
                  Да, удалить
                </button>
                <button type="button" className="button button--small button--ghost" onClick={() => setConfirming(null)}>
                  Отмена
                </button>
              </div>
            ) : (
              <div className="account-actions">
                <button type="button" className="link-button" onClick={() => setEditing(addressFormOf(a))}>
                  Изменить
                </button>
                <button type="button" className="link-button" onClick={() => setConfirming(a.id)}>
                  Удалить
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
      {failure && (
        <p className="form-error" role="alert">
          {failure}
        </p>
      )}
      {editing ? (
        <AddressEditor
          key={editing.id ?? 'new'}
          initial={editing}
          onCancel={() => setEditing(null)}
          onSaved={(next) => {
            setSaved(next);
            setEditing(null);
          }}
        />
      ) : (
        <div className="account-actions">
          <button type="button" className="button" onClick={() => setEditing(emptyAddress(list.length === 0))}>
            Добавить адрес
          </button>
        </div>
      )}
    </>
  );
}
