// The frame's API (on one engine: HTTP shapes, none decides them): organization, banners, container banners, SEO
// records.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { is } from 'superstruct';
import { BannerList, ContainerBannerList, Organization, SeoResponse, type Banner, type SeoRecord } from '../../common/contract/frame.ts';
import { pictureOf } from '../../common/pictures.ts';
import { oneBackend, getJson, startApp } from './harness.ts';

describe.each(oneBackend)('frame API on $name', (backend) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startApp(backend);
  });
  afterAll(() => app?.close());

  it('answers the seeded organization in the contract shape', async () => {
    const { status, body } = await getJson<Organization>(app, '/api/v1/organization');
    expect(status).toBe(200);
    expect(is(body, Organization)).toBe(true);
    expect(body.phone).toBe('+7 (495) 120-45-67');
    expect(body.promocode).toContain('LETO10');
    expect(Object.keys(body).sort()).toEqual([
      'link_inst',
      'link_telegram',
      'link_vk',
      'link_whatsapp',
      'logo',
      'phone',
      'phone_chats',
      'promocode',
    ]);
  });

  it('lists banners and container banners with pictures that exist', async () => {
    const banners = await getJson<Banner[]>(app, '/api/v1/banner');
    expect(banners.status).toBe(200);
    expect(is(banners.body, BannerList)).toBe(true);
    expect(banners.body.length).toBeGreaterThanOrEqual(3);
    const tiles = await getJson(app, '/api/v1/containerbanners');
    expect(is(tiles.body, ContainerBannerList)).toBe(true);
    // The demo's banners are photographs through the picture pipeline: the stored address is the largest JPEG.
    const picture = await app.inject(banners.body[0].image);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/jpeg');
    expect(pictureOf(banners.body[0].image)).toMatchObject({ width: 3000, height: 1000 });
  });

  it('answers the SEO record of a URL, null for a URL without one, and 400 without a url', async () => {
    const found = await getJson<SeoRecord | null>(app, '/api/v1/get_seo/?url=%2Fkupalniki%2F');
    expect(found.status).toBe(200);
    expect(is(found.body, SeoResponse)).toBe(true);
    expect(found.body?.url).toBe('/kupalniki');
    expect(found.body?.title).toMatch(/Купальники/);
    const none = await getJson(app, '/api/v1/get_seo/?url=/no-such-page');
    expect(none).toEqual({ status: 200, body: null });
    const bad = await getJson<{ message: string }>(app, '/api/v1/get_seo/');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Не заполнено поле «url»');
  });
});
