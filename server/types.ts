// Fastify's type augmentation: what the app decorates itself with.
import type { Db } from './db/public.ts';
import type { Config } from './config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
  }
}
