// One catalogue package's import, as 1C asks for it (mode=import): the first call starts it in the
// background and every call waits for it a while (EXCHANGE_STEP_SECONDS), answering «progress» until it ends,
// so 1C's request never times out and calls again; then «success» or «failure» with the reason. The package
// is read into staging in short batches, then applied in one transaction (apply.ts). One import runs in the
// whole shop at a time; one whose process died is failed after a minute without a heartbeat.
import path from 'node:path';
import { rename, rm } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/public.ts';
import { applyPackage } from './apply.ts';
import { shopMail } from '../orders/public.ts';
import { beat, failStalledRuns, finishRun, lastRunOf, runById, startRun, type RunRow } from './exchange-sql.ts';
import { knownPictures } from './apply-sql.ts';
import { readPackage, type PackageSummary } from './package-reader.ts';
import { takePicture } from '../media/public.ts';
import { dropStaged, loadDictionaries, stageGroups, stageOffers, stageProducts, type StagedProduct } from './staging-sql.ts';
import { unpackArchives, uploadedFile, UploadError } from './uploads.ts';
import { XmlFileError } from './xml-records.ts';

/** Problems kept per run; the rest are counted. */
const PROBLEMS_KEPT = 200;
const BEAT_MS = 2_000;
export const STALL_SECONDS = 60;

export const IMPORT_MESSAGES = {
  notUploaded: (file: string) => `Файл ${file} не загружен в этом сеансе обмена (mode=file)`,
  otherImport: 'Идёт другой обмен каталога; жду его окончания',
  reading: (n: number) => `Загрузка: прочитано ${n} записей`,
  stalled: 'Импорт прерван: сервер магазина перезапускался. Повторите обмен',
  internal: 'Внутренняя ошибка сервера магазина при импорте; подробности в журнале сервера',
  moreProblems: (n: number) => `и ещё замечаний: ${n} (все — на странице /manage/exchange магазина)`,
  pictureMissing: (file: string, picture: string, product: string) =>
    `${file}: картинка ${picture} товара ${product} не загружена; товар остался без неё`,
  pictureRefused: (file: string, picture: string, product: string, reason: string) =>
    `${file}: картинка ${picture} товара ${product} не загружена: ${reason}; товар остался без неё`,
} as const;

/** A success carries the package's problems too: 1C keeps the answer in its exchange log, for the accountant. */
export type ExchangeAnswer = { kind: 'success'; text: string } | { kind: 'progress'; text: string } | { kind: 'failure'; text: string };

/** Problems a success answer names (the rest are in the staff's log). */
const PROBLEMS_ANSWERED = 10;

export interface ImportDeps {
  db: Db;
  /** 1C's session token. */
  session: string;
  log: FastifyBaseLogger;
  /** The session's upload folder. */
  folder: string;
  /** The shop's media folder (DATA_DIR/media): the picture pipeline keeps what it makes there. */
  mediaDir: string;
  priceType?: string;
  stepSeconds: number;
  allow: (bytes: number) => Promise<boolean>;
}

const answerOf = (run: RunRow): ExchangeAnswer | null =>
  run.status === 'success'
    ? {
        kind: 'success',
        text: [
          ...run.problems.slice(0, PROBLEMS_ANSWERED),
          ...(run.problems.length > PROBLEMS_ANSWERED ? [IMPORT_MESSAGES.moreProblems(run.problems.length - PROBLEMS_ANSWERED)] : []),
        ].join('\n'),
      }
    : run.status === 'failure'
      ? { kind: 'failure', text: run.failure ?? IMPORT_MESSAGES.internal }
      : null;

async function waitFor(db: Db, runId: number, ms: number): Promise<ExchangeAnswer | null> {
  const until = Date.now() + ms;
  for (;;) {
    const run = await runById(db, runId);
    const answer = run && answerOf(run);
    if (answer) return answer;
    if (Date.now() >= until) return null;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Answers one mode=import call for the file in the session. */
export async function importCall(deps: ImportDeps, file: string): Promise<ExchangeAnswer> {
  const { db, session } = deps;
  await failStalledRuns(db, STALL_SECONDS, IMPORT_MESSAGES.stalled);
  let runId: number;
  const last = await lastRunOf(db, session, file);
  // Archives first: a new zip may hold a new file of the same name.
  try {
    await unpackArchives(deps.folder, deps.allow);
  } catch (err) {
    if (err instanceof UploadError) return { kind: 'failure', text: err.message };
    throw err;
  }
  // A run takes its file aside when it starts (and removes it when it ends), so a file under the name is always
  // a package no run has taken: 1C sent it again. (The file's time was once compared with the run's start
  // instead; both are whole milliseconds, and a call right after a quick run found them equal, took the run's
  // file for a new one and raced the run's cleanup: «не загружен».)
  const found = await uploadedFile(deps.folder, file);
  if (last && (last.status === 'running' || !found)) {
    runId = last.id; // a call again about the same import: its progress or its end
  } else {
    if (!found) return { kind: 'failure', text: IMPORT_MESSAGES.notUploaded(file) };
    const started = await startRun(db, 'catalog', file, session);
    if (started === null) return { kind: 'progress', text: IMPORT_MESSAGES.otherImport };
    runId = started;
    // The run takes the file aside before 1C can hear its end: a file of the same name 1C sends next is a new
    // package, never the one this run removes when it ends.
    const taken = `${found}.run-${runId}`;
    try {
      await rename(found, taken);
    } catch (err) {
      // The run would otherwise hold the one-import lock until the stall check frees it a minute later.
      await finishRun(db, runId, { status: 'failure', counts: {}, problems: [], failure: IMPORT_MESSAGES.internal });
      throw err;
    }
    void runImport(deps, runId, taken, file);
  }
  return (await waitFor(db, runId, deps.stepSeconds * 1000)) ?? { kind: 'progress', text: await progressText(db, runId) };
}

async function progressText(db: Db, runId: number): Promise<string> {
  const run = await runById(db, runId);
  const read = Object.values(run?.counts ?? {}).reduce((a, b) => a + b, 0);
  return IMPORT_MESSAGES.reading(read);
}

/** Reads, stages and applies the package; records how it ended. Never throws. */
async function runImport(deps: ImportDeps, runId: number, filePath: string, file: string): Promise<void> {
  const { db, log } = deps;
  const problems: string[] = [];
  let dropped = 0;
  const problem = (m: string) => (problems.length < PROBLEMS_KEPT ? problems.push(m) : dropped++);
  const counts: Record<string, number> = { groups: 0, products: 0, offers: 0 };
  const beating = setInterval(() => void beat(db, runId, counts).catch(() => {}), BEAT_MS);
  let summary: PackageSummary | undefined;
  try {
    const pictures = new Map<string, string>(); // 1C's path -> the shop's address, for this package
    const made: boolean[] = []; // each picture taken: made now, or found made already
    let pictureMs = 0;
    let pictureMb = 0; // the picture process's memory peak
    const placePictures = async (rows: StagedProduct[]) => {
      const named = [...new Set(rows.flatMap((r) => r.pictures ?? []))].filter((p) => !pictures.has(p));
      const known = new Map((await knownPictures(db, named)).map((k) => [k.source, k.url]));
      for (const row of rows) {
        if (!row.pictures) continue;
        const urls: string[] = [];
        for (const source of row.pictures) {
          let url = pictures.get(source);
          if (url === undefined) {
            const upload = await uploadedFile(deps.folder, source);
            if (upload) {
              const started = performance.now();
              const taken = await takePicture(upload, deps.mediaDir);
              pictureMs += performance.now() - started;
              url = taken.ok ? taken.url : '';
              pictureMb = Math.max(pictureMb, taken.peakMb);
              if (taken.ok) made.push(taken.made);
              else problem(IMPORT_MESSAGES.pictureRefused(file, source, `«${row.name}» (${row.ext_id})`, taken.reason));
            } else {
              url = known.get(source) ?? '';
              if (!url) problem(IMPORT_MESSAGES.pictureMissing(file, source, `«${row.name}» (${row.ext_id})`));
            }
            pictures.set(source, url);
          }
          if (url) urls.push(url);
        }
        row.pictures = urls;
      }
    };
    summary = await readPackage(
      filePath,
      {
        groups: async (rows) => {
          counts.groups += rows.length;
          await stageGroups(db, runId, rows);
        },
        products: async (rows) => {
          counts.products += rows.length;
          await placePictures(rows);
          await stageProducts(db, runId, rows);
        },
        offers: async (rows) => {
          counts.offers += rows.length;
          await stageOffers(db, runId, rows);
        },
      },
      { fileName: file, priceType: deps.priceType, dictionaries: await loadDictionaries(db), problem },
    );
    const kept = [...pictures].filter(([, url]) => url) as [string, string][];
    if (made.length) {
      // What the pictures cost: the staff's log shows it beside the counts (the peak is the picture process's).
      counts.picturesMade = made.filter(Boolean).length;
      counts.picturesSeconds = Math.round(pictureMs / 1000);
      counts.picturesPeakMb = pictureMb;
    }
    const { name } = await shopMail(db); // the shop's own name: the brand of goods 1C names none for
    const applied = await db.transaction((tx) =>
      applyPackage(tx, { runId, summary: summary!, fileName: file, shopName: name, pictures: kept, session: deps.session }),
    );
    problems.push(...applied.problems);
    if (dropped) problems.push(`${file}: и ещё ${dropped} замечаний`);
    const all = { ...counts, ...applied.counts };
    await finishRun(db, runId, { status: 'success', changesOnly: summary.changesOnly, counts: all, problems });
    log.info(
      { exchange: runId, file, changesOnly: summary.changesOnly, counts: all, problems: problems.length },
      'exchange: package imported',
    );
    for (const p of problems.slice(0, 20)) log.warn({ exchange: runId }, p);
  } catch (err) {
    const known = err instanceof XmlFileError || err instanceof UploadError;
    const failure = known ? `${path.basename(file)}: ${(err as Error).message}` : IMPORT_MESSAGES.internal;
    if (!known) log.error({ err, exchange: runId, file }, 'exchange: import failed');
    else log.warn({ exchange: runId, file, failure }, 'exchange: package refused');
    await finishRun(db, runId, { status: 'failure', changesOnly: summary?.changesOnly, counts, problems, failure }).catch((e: unknown) =>
      log.error({ err: e }, 'exchange: the run could not be closed'),
    );
  } finally {
    clearInterval(beating);
    await dropStaged(db, runId).catch((e: unknown) => log.warn({ err: e }, 'exchange: staged rows stay'));
    // The package is in (or refused): its file is of no more use. A call again about it answers from the log.
    await rm(filePath, { force: true });
  }
}
