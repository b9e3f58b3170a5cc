// The built app's hashed assets (dist/assets/*) from memory. A hashed file never changes, so each is read
// once, with the .br and .gz forms the build wrote beside it, and then sent from memory on every request:
// no file system calls, no compression, no stream (sendStored). Hand-written because @fastify/static reads
// the disk on every request (stat, open, read, close: about as much CPU as sending the bytes); it still
// serves every other file of dist/. A name not in the folder falls through to the 404.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isUtf8MimeType, mime } from '@fastify/send';
import type { FastifyInstance } from 'fastify';
import { sendStored, strongEtag, type StoredResponse } from '../http/public.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** What a built asset's name looks like: "index-Ab12Cd34.js", never a path. */
const ASSET_NAME = /^[\w.-]+$/;

interface Asset extends StoredResponse {
  headers: Record<string, string>;
}

export function serveHashedAssets(app: FastifyInstance, distDir: string): void {
  const dir = path.join(distDir, 'assets');
  const assets = new Map<string, Asset>();

  const read = (name: string): Asset | undefined => {
    const file = path.join(dir, name);
    if (!ASSET_NAME.test(name) || name.endsWith('.br') || name.endsWith('.gz') || !existsSync(file)) return undefined;
    const beside = (ext: string) => (existsSync(file + ext) ? readFileSync(file + ext) : undefined);
    const identity = readFileSync(file);
    const type = mime.getType(name) ?? 'application/octet-stream';
    return {
      identity,
      br: beside('.br'),
      gzip: beside('.gz'),
      etag: strongEtag(identity),
      headers: { 'content-type': isUtf8MimeType(type) ? `${type}; charset=utf-8` : type, 'cache-control': IMMUTABLE },
    };
  };

  app.route<{ Params: { '*': string } }>({
    method: ['GET', 'HEAD'],
    url: '/assets/*',
    handler: async (req, reply) => {
      const name = req.params['*'];
      let asset = assets.get(name);
      if (!asset) {
        asset = read(name);
        if (!asset) return reply.callNotFound();
        assets.set(name, asset);
      }
      sendStored(req, reply, asset, asset.headers);
      return reply;
    },
  });
}
