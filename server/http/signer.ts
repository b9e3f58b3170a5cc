// Signing values the server hands out and must later recognise as its own (the visitor cookie, the mailed
// subscription links): an HMAC-SHA256 under the shop's key, which the first server to start makes and keeps
// in shop_secrets, so every process on the database signs alike and a restart keeps old signatures valid.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/driver.ts';

declare module 'fastify' {
  interface FastifyInstance {
    signer: Signer;
  }
}

export interface Signer {
  /** The signature of value for one purpose ('visitor', 'unsubscribe'…): base64url, 128 bits. */
  sign(purpose: string, value: string): string;
  /** Whether signature is value's for that purpose (in constant time). */
  verify(purpose: string, value: string, signature: string): boolean;
}

const KEY_NAME = 'signing-key';

/** The shop's key: the stored one, or a new one stored now (two processes starting at once keep the first). */
async function signingKey(db: Queryable): Promise<Buffer> {
  await db.query('insert into shop_secrets (name, value) values ($1, $2) on conflict (name) do nothing', [
    KEY_NAME,
    randomBytes(32).toString('hex'),
  ]);
  const [row] = await db.query<{ value: string }>('select value from shop_secrets where name = $1', [KEY_NAME]);
  return Buffer.from(row!.value, 'hex');
}

export function signerWith(key: Buffer): Signer {
  const mac = (purpose: string, value: string) => createHmac('sha256', key).update(`${purpose}\n${value}`).digest().subarray(0, 16);
  return {
    sign: (purpose, value) => mac(purpose, value).toString('base64url'),
    verify(purpose, value, signature) {
      const given = Buffer.from(signature, 'base64url');
      const wanted = mac(purpose, value);
      return given.length === wanted.length && timingSafeEqual(given, wanted);
    },
  };
}

export async function registerSigner(app: FastifyInstance): Promise<void> {
  app.decorate('signer', signerWith(await signingKey(app.db)));
}
