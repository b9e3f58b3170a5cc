// /manage/exchange: the exchanges with the accounting system (1C, МойСклад), newest first: when, what
// (the catalogue or the orders), the file, how it ended, what it did and what it could not use, each
// problem naming the file, the line and the product, as the accountant needs to fix it in 1C. Above them,
// whether the exchange is on and the address to type into 1C. Asks again every few seconds while an
// exchange is going on, and when the manager comes back to the tab.
import { useCallback, useEffect, useState } from 'react';
import { exchangeLog } from '../../api/desk.ts';
import { useLoad } from '../../components/use-load.ts';
import { useOwnHead } from '../../components/use-page-title.ts';
import { namedTitle } from '../../../common/titles.ts';
import { toSecond } from './desk-time.ts';
import type { ExchangeLog, ExchangeRun } from '../../../common/contract/manage.ts';

/** How often the log asks again while an exchange is going on. */
const RUNNING_REFRESH_MS = 3_000;

/** Asks again (calls `again`) every RUNNING_REFRESH_MS while `running`, and whenever the tab is shown again. */
function useAskAgain(running: boolean, again: () => void): void {
  useEffect(() => {
    const bump = () => document.visibilityState === 'visible' && again();
    document.addEventListener('visibilitychange', bump);
    const timer = running ? setInterval(bump, RUNNING_REFRESH_MS) : undefined;
    return () => {
      document.removeEventListener('visibilitychange', bump);
      clearInterval(timer);
    };
  }, [running, again]);
}

function Setup({ log }: { log: ExchangeLog }) {
  if (!log.enabled)
    return (
      <p className="notice" data-testid="exchange-setup">
        Обмен выключен. Чтобы 1С или МойСклад загружали товары и забирали заказы, задайте на сервере настройки EXCHANGE_LOGIN и
        EXCHANGE_PASSWORD и перезапустите магазин.
      </p>
    );
  return (
    <p className="notice" data-testid="exchange-setup">
      Обмен включён. Адрес сайта для 1С и МойСклад: <code>{log.address}</code>; логин и пароль — из настроек EXCHANGE_LOGIN и
      EXCHANGE_PASSWORD. Цена магазина — {log.price_type ? `тип цен «${log.price_type}»` : 'первый тип цен в выгрузке'}.
    </p>
  );
}

function RunRow({ run }: { run: ExchangeRun }) {
  return (
    <tr className={`exchange-row exchange-row--${run.status}`} data-testid="exchange-run">
      <td className="num">{toSecond(run.started_at)}</td>
      <td>
        {run.kind_name}
        {run.changes_only === true && <span className="muted"> · только изменения</span>}
        {run.changes_only === false && <span className="muted"> · полная выгрузка</span>}
      </td>
      <td>{run.file}</td>
      <td>{run.status_name}</td>
      <td>
        {run.failure && (
          <p className="exchange-failure" role="note">
            {run.failure}
          </p>
        )}
        {run.counts.length > 0 && (
          <ul className="exchange-counts">
            {run.counts.map((c) => (
              <li key={c.name}>
                {c.name}: {c.count}
              </li>
            ))}
          </ul>
        )}
        {run.problems.length > 0 && (
          <details className="exchange-problems">
            <summary>Замечания: {run.problems.length}</summary>
            <ul>
              {run.problems.map((p, i) => (
                <li key={i}>{p}</li>
              ))}
            </ul>
          </details>
        )}
      </td>
    </tr>
  );
}

export function DeskExchange() {
  const [tick, setTick] = useState(0);
  const log = useLoad(`desk-exchange ${tick}`, exchangeLog);
  const data = log.data;
  const again = useCallback(() => setTick((t) => t + 1), []);
  useAskAgain(!!data?.runs.some((r) => r.status === 'running'), again);
  useOwnHead({ title: namedTitle('Обмен с 1С') });
  return (
    <section aria-labelledby="exchange-title">
      <h1 id="exchange-title">Обмен с учётной системой</h1>
      {log.error !== null && (
        <p className="notice notice--error" role="alert">
          {log.error instanceof Error ? log.error.message : 'Не удалось загрузить журнал обмена'}
        </p>
      )}
      {!data && log.loading && (
        <p className="muted" role="status">
          Загружаем журнал обмена…
        </p>
      )}
      {data && <Setup log={data} />}
      {data && data.runs.length === 0 && <p className="notice">Обменов ещё не было.</p>}
      {data && data.runs.length > 0 && (
        <table className="desk-table" data-testid="exchange-log">
          <thead>
            <tr>
              <th scope="col">Когда</th>
              <th scope="col">Что</th>
              <th scope="col">Файл</th>
              <th scope="col">Итог</th>
              <th scope="col">Подробности</th>
            </tr>
          </thead>
          <tbody>
            {data.runs.map((r) => (
              <RunRow key={r.id} run={r} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
