// Serves the demo pictures under /media: /media/offer/<id>-<n>.svg, /media/banner/<id>.svg,
// /media/promo/<id>.svg, /media/post/<id>.svg, /media/insta/<id>.svg, /media/gift/<nominal>.svg.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { formatPrice } from '../../common/money.ts';
import { Refusal } from '../refusal.ts';
import { pictureTitle, productPictureData } from './media-sql.ts';
import { bannerSvg, giftSvg, productSvg } from './media-svg.ts';

const sendSvg = (reply: FastifyReply, body: string) =>
  reply.header('content-type', 'image/svg+xml; charset=utf-8').header('cache-control', 'public, max-age=86400').send(body);

const notFound = () => new Refusal('notFound', 'Изображение не найдено');

export default async function mediaRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { file: string } }>('/media/offer/:file', async (req, reply) => {
    const m = /^(\d{1,9})-([1-9])\.svg$/.exec(req.params.file);
    if (!m) throw notFound();
    const data = await productPictureData(app.db, Number(m[1]));
    if (!data) throw notFound();
    return sendSvg(reply, productSvg(data, Number(m[2])));
  });

  app.get<{ Params: { kind: string; file: string } }>('/media/:kind/:file', async (req, reply) => {
    const m = /^(\d{1,9})\.svg$/.exec(req.params.file);
    if (!m) throw notFound();
    const n = Number(m[1]);
    const { kind } = req.params;
    if (kind === 'gift') return sendSvg(reply, giftSvg(formatPrice(n)));
    if (kind !== 'banner' && kind !== 'promo' && kind !== 'post' && kind !== 'insta') throw notFound();
    const title = await pictureTitle(app.db, kind, n);
    if (title === null) throw notFound();
    return sendSvg(reply, bannerSvg(kind === 'insta' ? '' : title, n, kind === 'banner'));
  });
}
