// The shop as it served pictures before the picture pipeline, for the bench's side-by-side: a proxy in front
// of the shop that answers every request for a variant (/media/p/<name>/<width>.<ext>) with that picture's
// original, as sent by 1C, and passes everything else to the shop untouched. A page measured through it
// downloads, for each picture it shows, the whole photograph a camera made.
import { createReadStream, readdirSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import path from 'node:path';

const VARIANT = /^\/media\/p\/([0-9a-f]{24})-[^/]+\/\d+\.(?:avif|webp|jpg)$/;
const TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif', heif: 'image/heif' };

export async function originalsProxy(shopUrl: string, mediaDir: string): Promise<{ url: string; close(): Promise<void> }> {
  const originals = new Map<string, string>(); // the first 24 hex of the hash -> the original's file
  for (const f of readdirSync(path.join(mediaDir, 'originals'))) originals.set(f.slice(0, 24), path.join(mediaDir, 'originals', f));
  const shop = new URL(shopUrl);
  const server: Server = createServer((req, res) => {
    const original = originals.get(VARIANT.exec(req.url ?? '')?.[1] ?? '');
    if (original) {
      res.writeHead(200, {
        'content-type': TYPES[path.extname(original).slice(1)] ?? 'application/octet-stream',
        'cache-control': 'no-cache',
      });
      createReadStream(original).pipe(res);
      return;
    }
    const ahead = request(
      { host: shop.hostname, port: shop.port, path: req.url, method: req.method, headers: { ...req.headers, host: shop.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    ahead.on('error', () => res.destroy());
    req.pipe(ahead);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
