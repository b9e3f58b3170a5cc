// A new account token, visitor key or single-use link token: 160 random bits, hex.
import { randomBytes } from 'node:crypto';

export const newToken = () => randomBytes(20).toString('hex');
