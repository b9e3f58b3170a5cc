// Password hashing (docs/architecture.md): scrypt from node:crypto with a 16-byte per-user salt, stored as
// "scrypt$<salt hex>$<hash hex>" and compared in constant time; account tokens of 160 random bits.
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type BinaryLike } from 'node:crypto';

const KEY_LENGTH = 64;
const SALT_BYTES = 16;

const scrypt = (password: BinaryLike, salt: BinaryLike) =>
  new Promise<Buffer>((resolve, reject) => scryptCb(password, salt, KEY_LENGTH, (err, key) => (err ? reject(err) : resolve(key))));

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await scrypt(password.normalize('NFC'), salt);
  return `scrypt$${salt.toString('hex')}$${hash.toString('hex')}`;
}

/** A stored hash of nothing anyone knows: an unknown user's login spends the same scrypt time. */
const DECOY = `scrypt$${'00'.repeat(SALT_BYTES)}$${'00'.repeat(KEY_LENGTH)}`;

const STORED = /^scrypt\$([0-9a-f]{32})\$([0-9a-f]{128})$/;

/** Whether the password is the one hashed in `stored`; a null or malformed hash is never matched. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const own = STORED.exec(stored ?? '');
  const [, salt, expected] = own ?? STORED.exec(DECOY)!;
  const hash = await scrypt(password.normalize('NFC'), Buffer.from(salt, 'hex'));
  return timingSafeEqual(hash, Buffer.from(expected, 'hex')) && own !== null;
}
