// The in-app question about notifications, offered after a favourite is added or an order paid (when, is
// state/push.ts's rule): a small card, not a popup, so the page stays usable under it. «Включить
// уведомления» asks the browser's own question and subscribes this device; «Не сейчас» closes it for 30 days.
import { useState } from 'react';
import { dismissPushPrompt, usePush, type PushMoment } from '../../state/push.ts';
import { enablePush } from '../../state/push-subscription.ts';

const QUESTION: Record<PushMoment, string> = {
  favorite: 'Сообщить, когда товар из избранного снова появится в вашем размере или подешевеет?',
  order: 'Сообщать об изменении статуса заказа?',
};

export function PushPrompt({ moment }: { moment: PushMoment }) {
  const { permission } = usePush();
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState('');
  const enable = async () => {
    setSending(true);
    setFailure('');
    const outcome = await enablePush();
    setSending(false);
    if (!outcome.ok) setFailure(outcome.message);
  };
  return (
    <section className="push-prompt" role="region" aria-label="Уведомления" data-testid="push-prompt">
      <p>{QUESTION[moment]}</p>
      {failure && (
        <p className="form-error" role="alert">
          {failure}
        </p>
      )}
      <div className="push-prompt__actions">
        {permission !== 'denied' && (
          <button type="button" className="button" disabled={sending} onClick={() => void enable()}>
            Включить уведомления
          </button>
        )}
        <button type="button" className="button button--ghost" onClick={() => dismissPushPrompt()}>
          Не сейчас
        </button>
      </div>
    </section>
  );
}
