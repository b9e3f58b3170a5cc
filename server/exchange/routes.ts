// The accounting system's exchange at /exchange/1c, as 1C:Управление торговлей, 1C:Розница and МойСклад
// speak it (CommerceML 2 "exchange with a site"): the address the owner types in, to which 1C appends
// ?type=catalog|sale&mode=…. checkauth takes HTTP Basic (EXCHANGE_LOGIN, EXCHANGE_PASSWORD; wrong ones
// are counted like a login's) and opens a session named by a cookie; every later call carries it. Answers
// are plain text, «success», «progress» or «failure» and a Russian reason on the next line, as 1C reads
// them; the orders are CommerceML. Without a login set the address answers 404.
import { timingSafeEqual, createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ExchangeConfig } from '../config.ts';
import { giveBack, LIMITS, spendAttempt } from '../http/public.ts';
import { newToken } from '../lib/public.ts';
import { markTaken } from '../orders/public.ts';
import { carryOutRefunds } from '../payments/public.ts';
import { Refusal } from '../refusal.ts';
import {
  countUpload,
  forgetStaleSessions,
  logRun,
  openSession,
  rememberSent,
  takeSent,
  touchSession,
  uploadsCleared,
} from './exchange-sql.ts';
import { importCall, type ImportDeps } from './import-job.ts';
import { applyOrdersFile } from './orders-back.ts';
import { deactivateSession } from './apply.ts';
import { ordersDocument } from './orders-out.ts';
import { isPictureName, pictureType, PICTURES_URL } from './pictures.ts';
import { appendPiece, removeFolder, sessionFolder, unpackArchives, uploadedFile, uploadsRoot, UploadError } from './uploads.ts';
import { XmlFileError } from './xml-records.ts';

/** The session cookie's name, as checkauth tells 1C. */
export const EXCHANGE_COOKIE = 'shop_exchange';

export const EXCHANGE_MESSAGES = {
  off: 'Обмен с учётной системой выключен: задайте EXCHANGE_LOGIN и EXCHANGE_PASSWORD',
  wrongPassword: 'Неверный логин или пароль обмена',
  noSession: 'Сеанс обмена не начат или истёк: начните с mode=checkauth',
  noFileName: 'Не указано имя файла (filename)',
  unknownMode: (type: string, mode: string) => `Неизвестный режим обмена: type=${type}&mode=${mode}`,
  internal: 'Внутренняя ошибка сервера магазина; подробности в журнале сервера',
} as const;

const sha = (s: string) => createHash('sha256').update(s).digest();
const same = (a: string, b: string) => timingSafeEqual(sha(a), sha(b));

/** The login and password of an `Authorization: Basic …` header, when there is one. */
function basicAuth(req: FastifyRequest): [string, string] | null {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(req.headers.authorization ?? '');
  if (!m) return null;
  const pair = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = pair.indexOf(':');
  return colon < 0 ? null : [pair.slice(0, colon), pair.slice(colon + 1)];
}

const text = (reply: FastifyReply, body: string, status = 200) =>
  reply.code(status).header('content-type', 'text/plain; charset=utf-8').header('cache-control', 'no-store').send(body);
const failure = (reply: FastifyReply, reason: string, status = 200) => text(reply, `failure\n${reason}`, status);

interface Query {
  type?: string;
  mode?: string;
  filename?: string;
}

export default async function exchangeRoutes(app: FastifyInstance): Promise<void> {
  const config = app.config.exchange;
  const uploads = uploadsRoot(app.config.dataDir);
  const picturesDir = path.join(app.config.dataDir, 'media', '1c');

  // 1C's pictures, by their content's hash: never change under their address.
  app.get<{ Params: { file: string } }>(`${PICTURES_URL}:file`, async (req, reply) => {
    const { file } = req.params;
    const found = isPictureName(file) && (await uploadedFile(picturesDir, file));
    if (!found) throw new Refusal('notFound', 'Изображение не найдено');
    return reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .type(pictureType(file) ?? 'application/octet-stream')
      .send(createReadStream(found));
  });

  await app.register(async (scope) => {
    // 1C posts raw bytes (a file's piece, an orders file) with any content type or none: the handler reads them.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, payload, done) => done(null, payload));
    scope.route<{ Querystring: Query }>({
      method: ['GET', 'POST'],
      url: '/exchange/1c',
      bodyLimit: (config?.fileLimitBytes ?? 1024 * 1024) + 1024,
      handler: async (req, reply) => {
        if (!config) return text(reply, EXCHANGE_MESSAGES.off, 404);
        try {
          return await exchange(app, config, req, reply, { uploadsRoot: uploads, mediaDir: path.join(app.config.dataDir, 'media') });
        } catch (err) {
          if (err instanceof Refusal && err.kind === 'tooMany') return failure(reply, err.message, 429);
          // A piece refused midway was not read to its end: the connection closes, or the client's next call
          // would wait behind the rest of this body.
          if (err instanceof UploadError && !req.raw.readableEnded) reply.header('connection', 'close');
          if (err instanceof UploadError || err instanceof XmlFileError) return failure(reply, err.message);
          req.log.error({ err }, 'exchange: call failed');
          return failure(reply, EXCHANGE_MESSAGES.internal, 500);
        }
      },
    });
  });
}

async function exchange(
  app: FastifyInstance,
  config: ExchangeConfig,
  req: FastifyRequest<{ Querystring: Query }>,
  reply: FastifyReply,
  dirs: { uploadsRoot: string; mediaDir: string },
) {
  const type = String(req.query.type ?? '');
  const mode = String(req.query.mode ?? '');
  const fileName = String(req.query.filename ?? '');
  const db = app.db;

  if (mode === 'checkauth') {
    const spent = await spendAttempt(db, [[LIMITS.exchangePerAddress, req.ip]]);
    const given = basicAuth(req);
    if (!given || !same(given[0], config.login) || !same(given[1], config.password)) {
      req.log.warn({ ip: req.ip }, 'exchange: wrong login or password');
      return failure(reply, EXCHANGE_MESSAGES.wrongPassword, 401);
    }
    await giveBack(db, spent);
    for (const stale of await forgetStaleSessions(db)) await removeFolder(sessionFolder(dirs.uploadsRoot, stale));
    const token = newToken();
    await openSession(db, token);
    req.log.info({ type }, 'exchange: session opened');
    return text(reply, `success\n${EXCHANGE_COOKIE}\n${token}\nsessid=${token}\ntimestamp=${Math.floor(Date.now() / 1000)}\n`);
  }

  const token = req.cookies[EXCHANGE_COOKIE] ?? '';
  if (!/^[0-9a-f]{40}$/.test(token) || !(await touchSession(db, token))) return failure(reply, EXCHANGE_MESSAGES.noSession, 401);
  const folder = sessionFolder(dirs.uploadsRoot, token);
  const allow = (bytes: number) => countUpload(db, token, bytes, config.diskLimitBytes);

  if (mode === 'init') return text(reply, `zip=yes\nfile_limit=${config.fileLimitBytes}\n`);

  if (mode === 'file') {
    if (!fileName) return failure(reply, EXCHANGE_MESSAGES.noFileName);
    const body = req.body as Readable | undefined;
    if (body) await appendPiece(folder, fileName, body, config.fileLimitBytes, allow);
    if (type !== 'sale') return text(reply, 'success\n');
    return ordersBack(app, req, reply, token, folder, fileName, allow);
  }

  if (type === 'catalog') {
    if (mode === 'import') {
      if (!fileName) return failure(reply, EXCHANGE_MESSAGES.noFileName);
      const deps: ImportDeps = {
        db,
        session: token,
        log: req.log,
        folder,
        mediaDir: dirs.mediaDir,
        priceType: config.priceType,
        stepSeconds: config.stepSeconds,
        allow,
      };
      const answer = await importCall(deps, fileName);
      // The next page asked of this process shows the package (its notice may still be on its way).
      if (answer.kind === 'success') await app.catalogueNotices.catchUp();
      return text(reply, answer.text ? `${answer.kind}\n${answer.text}\n` : `${answer.kind}\n`);
    }
    // 2.08+: after a catalogue split over files, 1C asks to hide what none of them listed…
    if (mode === 'deactivate') {
      const counts = await db.transaction((tx) => deactivateSession(tx, token));
      if (Object.values(counts).some((n) => n > 0)) {
        await logRun(db, { kind: 'catalog', file: 'deactivate', session: token, status: 'success', counts, problems: [] });
        req.log.info({ counts }, 'exchange: what the catalogue no longer lists is hidden');
        await app.catalogueNotices.catchUp();
      }
      return text(reply, 'success\n');
    }
    // … and says it is done: its files are of no more use.
    if (mode === 'complete') {
      await removeFolder(folder);
      await uploadsCleared(db, token);
      return text(reply, 'success\n');
    }
  }

  if (type === 'sale') {
    if (mode === 'query') {
      const { body, sent } = await ordersDocument(db, config.ordersEncoding);
      await rememberSent(db, token, sent);
      // 1C asks every few minutes: the log keeps the queries that sent something.
      if (sent.length) {
        await logRun(db, {
          kind: 'sale',
          file: 'query',
          session: token,
          status: 'success',
          counts: { ordersSent: sent.length },
          problems: [],
        });
        req.log.info({ orders: sent.length }, 'exchange: orders sent');
      }
      return reply
        .header('content-type', `application/xml; charset=${config.ordersEncoding}`)
        .header('cache-control', 'no-store')
        .send(body);
    }
    if (mode === 'success') {
      const taken = await markTaken(db, await takeSent(db, token));
      if (taken)
        await logRun(db, {
          kind: 'sale',
          file: 'success',
          session: token,
          status: 'success',
          counts: { ordersTaken: taken },
          problems: [],
        });
      return text(reply, 'success\n');
    }
    if (mode === 'import' && fileName) return ordersBack(app, req, reply, token, folder, fileName, allow);
  }

  return failure(reply, EXCHANGE_MESSAGES.unknownMode(type, mode));
}

/** Applies 1C's orders file (or every orders file of an uploaded archive) and answers how it went. */
async function ordersBack(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  token: string,
  folder: string,
  fileName: string,
  allow: (bytes: number) => Promise<boolean>,
) {
  await unpackArchives(folder, allow);
  const named = await uploadedFile(folder, fileName);
  const files = named ? [fileName] : (await readdir(folder).catch(() => [] as string[])).filter((n) => n.toLowerCase().endsWith('.xml'));
  const counts = { orders: 0, ordersChanged: 0 };
  const problems: string[] = [];
  let refunds = false;
  try {
    for (const name of files) {
      const report = await applyOrdersFile(app.db, path.join(folder, name), name, app.config.publicUrl);
      counts.orders += report.orders;
      counts.ordersChanged += report.changed;
      problems.push(...report.problems);
      refunds ||= report.refunds;
      await removeFolder(path.join(folder, name));
    }
  } catch (err) {
    if (!(err instanceof XmlFileError)) throw err;
    const reason = `${fileName}: ${err.message}`;
    await logRun(app.db, { kind: 'sale', file: fileName, session: token, status: 'failure', counts, problems, failure: reason });
    return failure(reply, reason);
  }
  await logRun(app.db, { kind: 'sale', file: fileName, session: token, status: 'success', counts, problems });
  req.log.info({ ...counts, problems: problems.length }, 'exchange: orders from the accounting system');
  for (const p of problems.slice(0, 20)) req.log.warn(p);
  if (refunds)
    void carryOutRefunds(app.db, app.payments).catch((err: unknown) => req.log.warn({ err }, 'exchange: refunds wait for the next pass'));
  return text(reply, 'success\n');
}
