// The staff's log of the exchanges with the accounting system (/api/manage/exchange, staff only): whether
// the exchange is on and the address to type into 1C, then the latest exchanges, each with what it did
// (in Russian), what it could not use and why it was refused.
import type { FastifyInstance } from 'fastify';
import { DESK_ENDPOINTS } from '../../common/desk-endpoints.ts';
import type { ExchangeRun } from '../../common/contract/manage.ts';
import { route } from '../http/public.ts';
import { failStalledRuns, recentRuns, type RunRow } from './exchange-sql.ts';
import { IMPORT_MESSAGES, STALL_SECONDS } from './import-job.ts';

/** Exchanges the log shows: a day of a 1C that exchanges every few minutes. */
const LOG_SIZE = 300;

/** The Russian names of what an exchange counts. */
export const COUNT_NAMES: Record<string, string> = {
  groups: 'групп прочитано',
  products: 'товаров прочитано',
  offers: 'предложений прочитано',
  picturesMade: 'картинок подготовлено для сайта',
  picturesSeconds: 'секунд на подготовку картинок',
  picturesPeakMb: 'МБ памяти на подготовку картинок (пик)',
  productsCreated: 'товаров добавлено',
  productsUpdated: 'товаров изменено',
  productsUnlisted: 'товаров нет в полной выгрузке (скрыты)',
  productsShown: 'товаров открыто покупателям',
  productsHidden: 'товаров скрыто от покупателей',
  offersCreated: 'размеров добавлено',
  offersUpdated: 'размеров изменено',
  pricesChanged: 'цен изменено',
  offersEmptied: 'размеров нет в полной выгрузке (остаток 0)',
  ordersSent: 'заказов отправлено',
  ordersTaken: 'заказов принято учётной системой',
  orders: 'заказов в ответе учётной системы',
  ordersChanged: 'заказов изменено',
};

const STATUS_NAMES = { running: 'идёт', success: 'успешно', failure: 'ошибка' } as const;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function shownRun(r: RunRow): ExchangeRun {
  return {
    id: r.id,
    kind_name: r.kind === 'catalog' ? 'Каталог' : 'Заказы',
    file: r.file,
    status: r.status,
    status_name: STATUS_NAMES[r.status],
    started_at: iso(r.started_at)!,
    finished_at: iso(r.finished_at),
    changes_only: r.changes_only,
    counts: Object.entries(r.counts)
      .filter(([, n]) => n > 0)
      .map(([key, count]) => ({ name: COUNT_NAMES[key] ?? key, count })),
    problems: r.problems,
    failure: r.failure,
  };
}

export default async function exchangeLogRoutes(app: FastifyInstance): Promise<void> {
  route(app, DESK_ENDPOINTS.deskExchange, async () => {
    await failStalledRuns(app.db, STALL_SECONDS, IMPORT_MESSAGES.stalled);
    return {
      enabled: app.config.exchange !== null,
      address: `${app.config.publicUrl}/exchange/1c`,
      price_type: app.config.exchange?.priceType ?? null,
      runs: (await recentRuns(app.db, LOG_SIZE)).map(shownRun),
    };
  });
}
