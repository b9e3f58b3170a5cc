// The profile's active sessions (GET /v1/sessions/): each signed-in device with its browser, address and
// last use, this one marked; 'Выйти на других устройствах' ends all the others (POST
// /v1/sessions/end_others/) and says how many it ended.
import { useState } from 'react';
import { endOtherSessions, getSessions } from '../../api/account.ts';
import { useLoad } from '../../components/use-load.ts';
import { formatDate } from '../../lib/dates.ts';
import { ResultMessage, useResultCall } from './form-result.tsx';

export function ActiveSessions() {
  const [version, setVersion] = useState(0);
  const sessions = useLoad(`sessions:${version}`, getSessions);
  const { result, sending, run } = useResultCall();
  const others = (sessions.data ?? []).filter((s) => !s.current).length;

  const endOthers = async () => {
    if (await run(async () => (await endOtherSessions()).message)) setVersion((v) => v + 1);
  };

  return (
    <section className="cabinet-form" data-testid="active-sessions" aria-labelledby="sessions-title">
      <h2 id="sessions-title">Активные сеансы</h2>
      {sessions.error !== null && !sessions.data ? (
        <p className="muted">Не удалось загрузить список сеансов. Проверьте подключение к интернету.</p>
      ) : !sessions.data ? (
        <p className="muted">Загружаем…</p>
      ) : (
        <ul className="sessions">
          {sessions.data.map((s) => (
            <li key={s.id}>
              <strong>{s.device}</strong>
              {s.current && ' — это устройство'}
              <br />
              <span className="muted">
                {s.address} · вход {formatDate(s.created_at)} · последняя активность {formatDate(s.last_used_at)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <ResultMessage result={result} />
      {others > 0 && (
        <button type="button" className="button button--ghost" disabled={sending} onClick={() => void endOthers()}>
          Выйти на других устройствах
        </button>
      )}
    </section>
  );
}
