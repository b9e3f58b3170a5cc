// /send: the shop's mailing. A signed-in user subscribes or unsubscribes their own e-mail (the state comes
// from user.subscribed); a visitor types an e-mail. GET /v1/subscribe/?email mails a confirmation link (the
// subscription starts when it is opened); /v1/unsubscribe/?email works for the signed-in owner (a visitor
// unsubscribes by the link in a mail). Each answers the Russian message shown. Below, for everyone, this
// device's notifications (PushSettingsSection.tsx).
import { useState, type FormEvent } from 'react';
import { subscribe, unsubscribe } from '../../api/account.ts';
import { EMAIL, normalizeEmail } from '../../../common/input-rules.ts';
import { auth, useAuth } from '../../state/auth.ts';
import { AccountFrame } from './AccountFrame.tsx';
import { PushSettingsSection } from './PushSettingsSection.tsx';
import { ResultMessage, useResultCall } from './form-result.tsx';
import { Field } from '../../components/Field.tsx';

export default function MailingPage() {
  const a = useAuth();
  const own = a.user?.email ? a.user.email : null;
  return (
    <AccountFrame title="Рассылка" open>
      <p>Новинки, распродажи и закрытые акции — раз в неделю, без спама. Отписаться можно в любой момент.</p>
      {a.loading ? (
        <p className="muted" role="status">
          Загружаем ваши данные…
        </p>
      ) : own && a.user ? (
        <OwnMailing email={own} subscribed={a.user.subscribed} />
      ) : (
        <VisitorMailing />
      )}
      <PushSettingsSection />
    </AccountFrame>
  );
}

const send = (email: string, on: boolean) => async () => (await (on ? subscribe(email) : unsubscribe(email))).message;

function OwnMailing({ email, subscribed }: { email: string; subscribed: boolean }) {
  const { result, sending, run } = useResultCall();
  const toggle = async () => {
    // Unsubscribing takes effect at once; subscribing waits for the link mailed to the address.
    if ((await run(send(email, !subscribed))) && auth.user && subscribed) auth.user.subscribed = false;
  };
  return (
    <div className="cabinet-form" data-testid="own-mailing">
      <p>
        {subscribed ? 'Вы подписаны на рассылку' : 'Вы не подписаны на рассылку'}: <strong>{email}</strong>
      </p>
      <ResultMessage result={result} />
      <button type="button" className={subscribed ? 'button button--ghost' : 'button'} disabled={sending} onClick={() => void toggle()}>
        {subscribed ? 'Отписаться от рассылки' : 'Подписаться на рассылку'}
      </button>
    </div>
  );
}

function VisitorMailing() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const { result, sending, run, clear } = useResultCall();
  const go = async (on: boolean) => {
    clear();
    if (!EMAIL.test(email)) {
      setError(EMAIL.message);
      return;
    }
    await run(send(normalizeEmail(email), on));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void go(true);
  };
  return (
    <form className="cabinet-form" onSubmit={submit} noValidate data-testid="visitor-mailing">
      <Field id="mailing-email" label="E-mail" error={error}>
        <input
          id="mailing-email"
          type="email"
          autoComplete="email"
          value={email}
          aria-invalid={!!error}
          onChange={(e) => {
            setEmail(e.target.value);
            setError('');
          }}
        />
      </Field>
      <ResultMessage result={result} />
      <div className="account-actions">
        <button type="submit" className="button" disabled={sending}>
          Подписаться на рассылку
        </button>
        <button type="button" className="button button--ghost" disabled={sending} onClick={() => void go(false)}>
          Отписаться
        </button>
      </div>
    </form>
  );
}
