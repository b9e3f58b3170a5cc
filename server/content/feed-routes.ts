// The marketplace feeds: /feeds/yandex.yml (Yandex Market) and /feeds/google.xml (Google Merchant Center),
// what the owner gives each marketplace as the shop's price list. Each is a file built from the catalogue in
// batches (feed-builds.ts) and streamed from disk, never held in memory: in its gzip form to a request that
// takes gzip (compressed once per build, never per request), with an ETag of the build (a 304 for a current
// copy). They stay out of the response cache, which would hold hundreds of megabytes of them. With no complete
// file to serve (the first build failed: the database did not answer), a request is told to come back later
// (503, Retry-After), never given an error 500.
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { open } from 'node:fs/promises';
import type { Socket } from 'node:net';
import { SHOP_NAME } from '../../common/titles.ts';
import { matchesEtag } from '../http/public.ts';
import { Refusal } from '../refusal.ts';
import { FeedBuilds, type BuiltFeed } from './feed-builds.ts';
import { feedFolder } from './feed-files.ts';
import { GOOGLE_FEED, YANDEX_FEED } from './feed-text.ts';

const XML_HEADERS = { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'no-cache', vary: 'accept-encoding' };
/** When a marketplace refused a feed for now should ask again, in seconds. */
const RETRY_AFTER_S = 60;
const NOT_READY = 'Фид товаров ещё не готов. Попробуйте ещё раз через минуту';

const encodings = new Negotiator<'gzip' | 'identity'>({ supportedValues: ['gzip', 'identity'] });
const takesGzip = (req: FastifyRequest) => {
  const header = req.headers['accept-encoding'];
  return typeof header === 'string' && encodings.negotiate(header) === 'gzip';
};

/**
 * How long a request waits for the first build of a feed before it is told to come back later. The server
 * cuts a connection silent for HTTP_IDLE_TIMEOUT_S (30 s): a first build of a large catalogue takes longer,
 * so the waiting request's connection is spared that while it waits (the server is the silent one).
 */
const FIRST_BUILD_WAIT_MS = 5 * 60_000;

async function waitForFirstBuild(req: FastifyRequest, build: Promise<BuiltFeed | null>): Promise<BuiltFeed | null> {
  const socket = req.raw.socket as Socket | undefined;
  const idle = socket?.timeout;
  socket?.setTimeout?.(0);
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([build, new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), FIRST_BUILD_WAIT_MS)))]);
  } finally {
    clearTimeout(timer);
    if (idle) socket?.setTimeout?.(idle);
  }
}

function notReady(reply: FastifyReply): never {
  reply.header('retry-after', String(RETRY_AFTER_S));
  throw new Refusal('notReady', NOT_READY);
}

/** Sends a build's file: gzip when taken, a 304 for a current copy; the file is opened only to be sent. */
async function sendFeed(req: FastifyRequest, reply: FastifyReply, built: BuiltFeed): Promise<FastifyReply> {
  const gzip = takesGzip(req);
  const etag = gzip ? built.gzipEtag : built.etag;
  reply.headers({ ...XML_HEADERS, etag });
  if (matchesEtag(req, etag)) return reply.code(304).send();
  if (gzip) reply.header('content-encoding', 'gzip');
  reply.header('content-length', gzip ? built.gzipBytes : built.bytes);
  if (req.method === 'HEAD') return reply.send();
  // The handle is closed with its stream: at the end, or when the marketplace hangs up (Fastify destroys it).
  const file = await open(gzip ? built.gzip : built.xml).catch(() => null);
  if (!file) notReady(reply); // removed meanwhile: two newer builds were made since this request picked it
  return reply.send(file.createReadStream());
}

export default async function feedRoutes(app: FastifyInstance, opts: { publicUrl: string }): Promise<void> {
  const folder = await feedFolder(app.db.folder ? app.config.dataDir : null);
  const source = { db: app.db, shop: { name: SHOP_NAME, origin: opts.publicUrl }, batchProducts: app.config.feedBatchProducts };
  const feeds = [YANDEX_FEED, GOOGLE_FEED].map((kind) => ({
    kind,
    builds: new FeedBuilds({ kind, folder: folder.path, source, log: app.log }),
  }));
  app.catalogueNotices.subscribe({
    version: (v) => {
      for (const f of feeds) f.builds.catalogueVersion(v);
    },
    products: () => undefined, // stock alone does not rebuild a feed: a size that sells out moves the version
  });
  app.addHook('onClose', async () => {
    await Promise.all(feeds.map((f) => f.builds.close()));
    await folder.remove();
  });

  for (const { kind, builds } of feeds) {
    // Sent as the file is: @fastify/compress must not compress the gzip form again, nor the XML per request.
    app.get(kind.url, { compress: false }, async (req, reply) => {
      const latest = builds.latest();
      const built = latest instanceof Promise ? await waitForFirstBuild(req, latest) : latest;
      if (!built) notReady(reply);
      return sendFeed(req, reply, built);
    });
  }
}
