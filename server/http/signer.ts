// Signing values the server hands out and must later recognise as its own (the visitor cookie, the mailed
// subscription links): an HMAC-SHA256 under the shop's key, which the first server to start makes and keeps
// in shop_secrets, so every process on the database signs alike and a restart keeps old signatures valid.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { shopSecret, type Queryable } from '../db/public.ts';

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

/** The shop's key, made by the first server that starts. */
const signingKey = async (db: Queryable): Promise<Buffer> =>
  Buffer.from(await shopSecret(db, KEY_NAME, () => randomBytes(32).toString('hex')), 'hex');

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
