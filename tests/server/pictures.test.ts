// Photographs from 1C through the picture pipeline (on one engine: files and HTTP, no SQL decides it): a
// 2400 × 3200 JPEG of a camera's weight becomes every width in AVIF, WebP and JPEG, served for a year; in the
// same package a decompression bomb, a photograph cut off half-way and a file that inflates past the size cap
// are each refused with a Russian problem line while the rest imports; the server's memory stays within its
// budget all along (the pictures are made in a process of their own, whose peak the import reports); the
// same package again makes nothing twice.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Offer, ProductOffer } from '../../common/contract/catalog.ts';
import { PICTURE_FORMATS, pictureOf, widthsOf } from '../../common/pictures.ts';
import { PICTURE_LIMITS, PICTURE_REFUSALS } from '../../server/media/public.ts';
import { E2E_EXCHANGE, exchangeEnv, StandIn1C } from '../../scripts/stand-in-1c.ts';
import { catalogue, IDS, NAMES, offers, PICTURES } from '../support/one-c-fixtures.ts';
import { cutOff, decompressionBomb, photograph } from '../../scripts/picture-files.ts';
import { oneBackend, startApp } from './harness.ts';

const MB = 1024 * 1024;
/** What an import of pictures may add to the server's resident memory, however large the files it is sent. */
const SERVER_BUDGET_MB = 100;
/** The picture process's peak (libvips, and libaom's AVIF encoder at the largest width). */
const PICTURE_PROCESS_BUDGET_MB = 400;

const PHOTO = 'import_files/photo/coral-front.jpg';
const BOMB = 'import_files/photo/coral-back.png';
const HALF = 'import_files/photo/coral-side.jpg';
const HUGE = 'import_files/photo/coral-detail.jpg';

describe.each(oneBackend)('photographs from 1C on $name', (backend) => {
  let app: FastifyInstance;
  let dataDir: string;
  let photo: Buffer;
  let standIn: StandIn1C;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'shop-pictures-'));
    app = await startApp(backend, { DATA_DIR: dataDir, ...exchangeEnv() });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    standIn = new StandIn1C(
      `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
      E2E_EXCHANGE.login,
      E2E_EXCHANGE.password,
    );
    photo = await photograph(11);
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const importWith = (files: Record<string, Buffer>) =>
    standIn.exchangeCatalogue([catalogue({ pictures: { coral: [PHOTO, BOMB, HALF, HUGE] } }), offers()], {
      pictures: { ...PICTURES, ...files },
    });

  it('makes every width of a camera photograph in three formats, and refuses a bomb, a broken file and an oversized one', async () => {
    expect(photo.length).toBeGreaterThan(600 * 1024); // a camera's weight, not a thumbnail's
    const files = {
      [PHOTO]: photo,
      [BOMB]: decompressionBomb(),
      [HALF]: cutOff(photo),
      [HUGE]: Buffer.alloc(PICTURE_LIMITS.maxBytes + MB),
    };
    // The server's resident memory, sampled while the package imports.
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampling = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    const [imported] = await importWith(files).finally(() => clearInterval(sampling));
    expect(imported, imported.reason).toMatchObject({ result: 'success' });
    expect((peak - before) / MB).toBeLessThan(SERVER_BUDGET_MB);
    const [run] = await app.db.query<{ counts: Record<string, number> }>(
      `select counts from exchange_runs where file = 'import.xml' and status = 'success' order by id desc limit 1`,
    );
    expect(run.counts.picturesMade).toBeGreaterThanOrEqual(1);
    expect(run.counts.picturesPeakMb).toBeGreaterThan(0);
    expect(run.counts.picturesPeakMb).toBeLessThan(PICTURE_PROCESS_BUDGET_MB);

    const problems = imported.reason.split('\n');
    const product = `«${NAMES.coral}» (${IDS.coral})`;
    expect(problems).toEqual(
      expect.arrayContaining([
        `import.xml: картинка ${BOMB} товара ${product} не загружена: ${PICTURE_REFUSALS.tooManyPixels(30_000, 30_000)}; товар остался без неё`,
        `import.xml: картинка ${HALF} товара ${product} не загружена: ${PICTURE_REFUSALS.unreadable}; товар остался без неё`,
        `import.xml: картинка ${HUGE} товара ${product} не загружена: ${PICTURE_REFUSALS.tooLarge}; товар остался без неё`,
      ]),
    );

    // The swimsuit keeps the photograph alone; its address names its size and its placeholder colour.
    const [{ id }] = await app.db.query<{ id: number }>('select id from products where ext_id = $1', [IDS.coral]);
    const [{ url }] = await app.db.query<{ url: string }>('select url from product_images where product_id = $1 order by position', [id]);
    const picture = pictureOf(url);
    expect(picture).toMatchObject({ width: 2400, height: 3200 });
    expect(url).toBe(`/media/p/${picture!.name}/1920.jpg`);
    expect(widthsOf(picture!.width)).toEqual([160, 320, 480, 640, 960, 1280, 1920]);
    for (const w of widthsOf(picture!.width)) {
      for (const { ext, type } of PICTURE_FORMATS) {
        const res = await app.inject({ method: 'GET', url: `/media/p/${picture!.name}/${w}.${ext}` });
        expect([w, ext, res.statusCode, res.headers['content-type']]).toEqual([w, ext, 200, type]);
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      }
    }
    // A phone's card (480 wide) in AVIF is a few per cent of the photograph.
    const card = await app.inject({ method: 'GET', url: `/media/p/${picture!.name}/480.avif` });
    expect(card.rawPayload.length).toBeLessThan(photo.length / 20);
    // Nothing but the variants is served: no other width, no original.
    for (const other of [`/media/p/${picture!.name}/500.jpg`, `/media/p/${picture!.name}/done.json`, `/media/p/../originals/x.jpg`]) {
      expect((await app.inject({ method: 'GET', url: other })).statusCode).toBe(404);
    }
  });

  it('makes nothing twice when the same photograph comes again', async () => {
    const [imported] = await importWith({ [PHOTO]: photo });
    expect(imported, imported.reason).toMatchObject({ result: 'success' });
    const [run] = await app.db.query<{ counts: Record<string, number> }>(
      `select counts from exchange_runs where file = 'import.xml' and status = 'success' order by id desc limit 1`,
    );
    expect(run.counts.picturesMade).toBe(0);
  });

  it("gives the product's page the photograph's address, which names its widths", async () => {
    const [{ id }] = await app.db.query<{ id: number }>('select id from products where ext_id = $1', [IDS.coral]);
    const listed = await app.inject({ method: 'POST', url: '/api/v1/offers_list/', payload: { ext_id: [id] } });
    const offer = (listed.json() as { response: Offer[] }).response[0];
    const [, categoryPath] = /^\/(.+)\/\d+\//.exec(offer.full_path_offer)!;
    const page = await app.inject({
      method: 'GET',
      url: `/api/v1/product_offer/?categoryPath=${encodeURIComponent(categoryPath)}&pk=${offer.id}`,
    });
    const widths = (image: string) => widthsOf(pictureOf(image)?.width ?? 0).length;
    expect(offer.images.map((i) => widths(i.image))).toEqual([7]);
    expect((page.json() as ProductOffer).offer.images.map((i) => widths(i.image))).toEqual([7]);
  });
});
