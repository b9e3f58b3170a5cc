// Serves the pipeline's pictures: /media/p/<name>/<width>.<avif|webp|jpg>, each file for a year as immutable
// (its name holds its content's hash). Only names the pipeline makes are looked up; nothing else of the
// media folder (the originals) is served.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { PICTURE_FORMATS, PICTURES_PATH, parsePictureName, widthsOf } from '../../common/pictures.ts';
import { Refusal } from '../refusal.ts';
import { picturesRoot } from './make-picture.ts';

const FILE = /^(\d{1,4})\.(avif|webp|jpg)$/;

export default async function pictureRoutes(app: FastifyInstance): Promise<void> {
  const root = picturesRoot(path.join(app.config.dataDir, 'media'));
  app.get<{ Params: { name: string; file: string } }>(`${PICTURES_PATH}:name/:file`, async (req, reply) => {
    const picture = parsePictureName(req.params.name);
    const file = FILE.exec(req.params.file);
    const width = Number(file?.[1] ?? 0);
    if (!picture || !file || !widthsOf(picture.width).includes(width)) throw new Refusal('notFound', 'Изображение не найдено');
    const found = path.join(root, picture.name, req.params.file);
    const size = await stat(found).then(
      (s) => s.size,
      () => null,
    );
    if (size === null) throw new Refusal('notFound', 'Изображение не найдено');
    return reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-length', size)
      .type(PICTURE_FORMATS.find((f) => f.ext === file[2])!.type)
      .send(createReadStream(found));
  });
}
