// «Уведомления на этом устройстве», on the profile and the mailing page: whether this browser can take the
// shop's notifications, a button to turn them on when this device is not subscribed, a checkbox per kind
// (checked: on; the shop keeps what is turned off, per device) and turning them off on this device. The
// device is read when the section opens (state/push-subscription.ts).
import { useEffect, useState } from 'react';
import { PUSH_KIND_NAMES, PUSH_KINDS, type PushKind } from '../../../common/contract/push.ts';
import { usePush } from '../../state/push.ts';
import {
  disablePush,
  enablePush,
  PUSH_TEXT,
  refreshPushSettings,
  setPushKindOff,
  type PushOutcome,
} from '../../state/push-subscription.ts';

export function PushSettingsSection() {
  const p = usePush();
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState('');
  useEffect(() => {
    void refreshPushSettings();
  }, []);

  const act = async (action: () => Promise<PushOutcome>) => {
    setSending(true);
    setFailure('');
    const outcome = await action();
    setSending(false);
    if (!outcome.ok) setFailure(outcome.message);
  };

  let body;
  if (!p.known) body = <p className="muted">Проверяем, может ли этот браузер показывать уведомления…</p>;
  else if (!p.supported) body = <p className="muted">{PUSH_TEXT.unsupported}</p>;
  else if (p.permission === 'denied') body = <p className="notice">{PUSH_TEXT.denied}</p>;
  else if (!p.endpoint)
    body = (
      <>
        <p>Сообщим, когда товар из избранного снова появится в вашем размере или подешевеет, и когда изменится статус заказа.</p>
        <button type="button" className="button" disabled={sending} onClick={() => void act(enablePush)}>
          Включить уведомления
        </button>
      </>
    );
  else
    body = (
      <>
        <fieldset disabled={sending || p.kindsOff === null}>
          <legend>Сообщать, когда</legend>
          {PUSH_KINDS.map((kind: PushKind) => (
            <label key={kind} className="field field--check">
              <input
                type="checkbox"
                checked={p.kindsOff !== null && !p.kindsOff.includes(kind)}
                onChange={(e) => void act(() => setPushKindOff(kind, !e.target.checked))}
              />
              {PUSH_KIND_NAMES[kind]}
            </label>
          ))}
        </fieldset>
        {p.kindsOff === null && <p className="muted">Загружаем настройки…</p>}
        <button type="button" className="button button--ghost" disabled={sending} onClick={() => void act(disablePush)}>
          Отключить уведомления на этом устройстве
        </button>
      </>
    );

  return (
    <section className="cabinet-form" data-testid="push-settings" aria-labelledby="push-settings-title">
      <h2 id="push-settings-title">Уведомления на этом устройстве</h2>
      {body}
      {failure && (
        <p className="form-error" role="alert">
          {failure}
        </p>
      )}
    </section>
  );
}
