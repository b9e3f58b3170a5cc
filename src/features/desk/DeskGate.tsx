// The desk's gate, a step at a time (the server says which: server/desk/gate.ts): the shop's login; the
// invitation link taken (its token comes in the page's address) or mailed again; a password sign-in asked of a
// social one; the authenticator set up (QR code, its letters, the first code, the recovery codes shown once);
// then the code at every sign-in. Each step's refusal is the server's Russian message, shown under its form.
import { useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { DeskGate as Gate } from '../../../common/contract/manage.ts';
import { openPopup } from '../../state/popups.ts';
import { logOut } from '../../state/session.ts';
import { beginAuthenticator, finishAuthenticator, inviteAgain, openDesk, takeInvitation } from '../../api/desk.ts';

const messageOf = (err: unknown) => (err instanceof Error ? err.message : 'Не получилось. Попробуйте ещё раз');

/** The invitation's token from the link mailed to the staff address (/manage?invitation=…), on the server too. */
const useInvitationInAddress = () => new URLSearchParams(useSearch()).get('invitation');

/** A call of a step: busy while it runs, its refusal kept to show. */
function useStep() {
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const run = async <T,>(call: () => Promise<T>): Promise<T | undefined> => {
    setBusy(true);
    setError('');
    try {
      return await call();
    } catch (err) {
      setError(messageOf(err));
      return undefined;
    } finally {
      setBusy(false);
    }
  };
  return { error, busy, run };
}

function Refusal({ error }: { error: string }) {
  return error ? (
    <p className="notice notice--error" role="alert">
      {error}
    </p>
  ) : null;
}

/** One code field and its button: the authenticator's six digits (or, when signing in, a recovery code). */
function CodeForm({ label, button, onCode, busy }: { label: string; button: string; onCode: (code: string) => void; busy: boolean }) {
  const [code, setCode] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (code.trim()) onCode(code.trim());
  };
  return (
    <form className="desk-gate__form" onSubmit={submit}>
      <label>
        {label}
        <input value={code} onChange={(e) => setCode(e.target.value)} autoComplete="one-time-code" autoFocus required maxLength={40} />
      </label>
      <button type="submit" className="button" disabled={busy}>
        {button}
      </button>
    </form>
  );
}

function Invitation({ gate, onStep }: { gate: Gate; onStep: () => void }) {
  const { error, busy, run } = useStep();
  const [sent, setSent] = useState('');
  const token = useInvitationInAddress();
  const [path, setLocation] = useLocation();
  const take = async () => {
    if (await run(() => takeInvitation(token!))) {
      setLocation(path, { replace: true }); // the link is spent
      onStep();
    }
  };
  const again = async () => {
    const answer = await run(inviteAgain);
    if (answer) setSent(answer.message);
  };
  return (
    <>
      <p>{gate.message}</p>
      {token ? (
        <button type="button" className="button" disabled={busy} onClick={() => void take()}>
          Принять приглашение
        </button>
      ) : (
        <button type="button" className="button button--ghost" disabled={busy} onClick={() => void again()}>
          Отправить приглашение ещё раз
        </button>
      )}
      {sent && <p role="status">{sent}</p>}
      <Refusal error={error} />
    </>
  );
}

function SetUp({ gate, onStep }: { gate: Gate; onStep: () => void }) {
  const { error, busy, run } = useStep();
  const [secret, setSecret] = useState<{ secret: string; qr_svg: string } | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const show = async () => setSecret((await run(beginAuthenticator)) ?? null);
  const confirm = async (code: string) => {
    const opened = await run(() => finishAuthenticator(code));
    if (opened) setCodes(opened.recovery_codes);
  };
  if (codes)
    return (
      <>
        <h2>Коды восстановления</h2>
        <p>
          Если телефон с приложением потеряется, рабочее место откроет один из этих кодов, каждый по одному разу. Сохраните их там, где их
          не найдёт никто другой: магазин показывает их только сейчас.
        </p>
        <ul className="desk-gate__codes" aria-label="Коды восстановления">
          {codes.map((c) => (
            <li key={c}>
              <code>{c}</code>
            </li>
          ))}
        </ul>
        <button type="button" className="button" onClick={onStep}>
          Коды сохранены — открыть рабочее место
        </button>
      </>
    );
  return (
    <>
      <p>{gate.message}</p>
      {secret ? (
        <>
          <p>Отсканируйте QR-код в приложении-аутентификаторе (Яндекс Ключ, Google Authenticator или другом) или введите ключ вручную.</p>
          <img
            className="desk-gate__qr"
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(secret.qr_svg)}`}
            alt="QR-код для приложения-аутентификатора"
            width={200}
            height={200}
          />
          <p>
            Ключ: <code data-testid="desk-secret">{secret.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
          </p>
          <CodeForm label="Код из приложения" button="Подтвердить" onCode={(code) => void confirm(code)} busy={busy} />
        </>
      ) : (
        <button type="button" className="button" disabled={busy} onClick={() => void show()}>
          Подключить приложение
        </button>
      )}
      <Refusal error={error} />
    </>
  );
}

function Code({ gate, onStep }: { gate: Gate; onStep: () => void }) {
  const { error, busy, run } = useStep();
  const [left, setLeft] = useState('');
  const open = async (code: string) => {
    const opened = await run(() => openDesk(code));
    if (!opened) return;
    if (opened.recovery_codes_left === null) onStep();
    else setLeft(opened.message); // the manager reads how many recovery codes are left before going on
  };
  if (left)
    return (
      <>
        <p role="status">{left}</p>
        <button type="button" className="button" onClick={onStep}>
          Открыть рабочее место
        </button>
      </>
    );
  return (
    <>
      <p>{gate.message}</p>
      <CodeForm label="Код из приложения или код восстановления" button="Открыть" onCode={(code) => void open(code)} busy={busy} />
      <Refusal error={error} />
    </>
  );
}

/** The gate at the step the server named; `onStep` asks the server again once a step is done. */
export function DeskGate({ gate, onStep }: { gate: Gate; onStep: () => void }) {
  const invited = useInvitationInAddress() !== null;
  let step;
  if (gate.step === 'sign-in')
    step = (
      <>
        <p>
          Рабочее место менеджера: войдите под учётной записью сотрудника магазина
          {invited ? ' — с тем адресом, на который пришло приглашение' : ''}.
        </p>
        <button type="button" className="button" onClick={() => openPopup('login')}>
          Войти
        </button>
      </>
    );
  else if (gate.step === 'invitation') step = <Invitation gate={gate} onStep={onStep} />;
  else if (gate.step === 'set-up') step = <SetUp gate={gate} onStep={onStep} />;
  else if (gate.step === 'code') step = <Code gate={gate} onStep={onStep} />;
  else if (gate.step === 'password')
    step = (
      <>
        <p>{gate.message}</p>
        <button type="button" className="button" onClick={() => void logOut()}>
          Выйти
        </button>
      </>
    );
  else
    step = (
      <p className="notice notice--error" role="alert">
        {gate.message}
      </p>
    );
  return (
    <div className="notice desk-gate" data-testid="desk-gate">
      {step}
    </div>
  );
}
