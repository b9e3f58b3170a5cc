// How the server serves the app: trailing-slash redirects, caching, SPA fallback with real 404s,
// security headers, compression, ETags, and errors that never leak internals.
import { readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { oneBackend, startApp } from './harness.ts';

describe('web serving', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startApp(oneBackend[0]);
    app.get('/api/test/boom', async () => {
      throw new Error('secret connection string postgres://user:pw@db');
    });
    app.post('/api/test/echo', async (req) => req.body);
  });
  afterAll(() => app?.close());

  it('drops a trailing slash with a 301, keeping the query, but not on / or the API', async () => {
    const res = await app.inject('/kupalniki/');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/kupalniki');
    expect((await app.inject('/kupalniki/bikini/?page=2')).headers.location).toBe('/kupalniki/bikini?page=2');
    expect((await app.inject('/')).statusCode).toBe(200);
    expect((await app.inject('/api/v1/preview_category/')).statusCode).toBe(200);
  });

  it('never redirects to another host', async () => {
    const res = await app.inject('//evil.example/');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/evil.example');
  });

  it('answers app routes with index.html and unknown paths with a 404 page', async () => {
    const page = await app.inject('/kupalniki/bikini/tag/hity-prodazh');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-cache');
    const product = await app.inject('/kupalniki/bikini/123/slug');
    expect(product.statusCode).toBe(200);
    const unknown = await app.inject('/no/such/page/here/at/all');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('<div id="root">');
    expect((await app.inject('/abc')).statusCode).toBe(404);
    const api = await app.inject('/api/v1/nothing');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'Не найдено' });
    expect((await app.inject('/missing.js')).statusCode).toBe(404);
  });

  it('serves the new index.html after a rebuild without a restart', async () => {
    const file = path.join(app.config.distDir, 'index.html');
    writeFileSync(file, '<!doctype html><html lang="ru"><script src="/assets/index-NEW.js"></script>');
    utimesSync(file, new Date(), new Date(Date.now() + 5_000));
    expect((await app.inject('/kupalniki')).body).toContain('index-NEW.js');
  });

  it('caches hashed assets for a year and never caches sw.js or the manifest', async () => {
    const asset = await app.inject('/assets/index-Ab12Cd34.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject('/sw.js')).headers['cache-control']).toBe('no-cache');
    expect((await app.inject('/manifest.webmanifest')).headers['cache-control']).toBe('no-cache');
  });

  it('sends the brotli or gzip file the build made beside an asset, as it is', async () => {
    const file = (name: string) => readFileSync(path.join(app.config.distDir, 'assets', name));
    const br = await app.inject({ url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.equals(file('index-Ab12Cd34.js.br'))).toBe(true);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await app.inject({ url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(file('index-Ab12Cd34.js.gz'))).toBe(true);
    const plain = await app.inject({ url: '/assets/index-Ab12Cd34.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(file('index-Ab12Cd34.js'))).toBe(true);
    expect(plain.headers['content-type']).toBe('application/javascript; charset=utf-8');
    const current = await app.inject({ url: '/assets/index-Ab12Cd34.js', headers: { 'if-none-match': br.headers.etag as string } });
    expect(current.statusCode).toBe(304);
    expect((await app.inject('/assets/index-Zz99Zz99.js')).statusCode).toBe(404);
    expect((await app.inject('/assets/..%2Findex.html')).statusCode).toBe(404);
    expect((await app.inject('/assets/index-Ab12Cd34.js.br')).statusCode).toBe(404);
  });

  it('sends security headers, compresses and revalidates with ETags', async () => {
    const res = await app.inject({ url: '/api/v1/preview_category/', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    const etag = res.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await app.inject({ url: '/api/v1/preview_category/', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
  });

  it('answers a server failure with a Russian 500 that leaks nothing', async () => {
    const res = await app.inject('/api/test/boom');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Внутренняя ошибка сервера. Попробуйте ещё раз позже' });
    expect(res.body).not.toContain('postgres');
  });

  it('answers broken JSON with a Russian 400', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Неверный формат данных запроса' });
  });
});
