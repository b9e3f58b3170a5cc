// The part of http_ece (RFC 8188 encrypted content coding; the package ships no types) that the stand-in push
// service uses: decrypting an aes128gcm Web Push body (RFC 8291) with the subscription's ECDH key and auth secret.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  interface DecryptParams {
    version: 'aes128gcm' | 'aesgcm';
    /** The receiver's key pair; for aes128gcm the sender's public key is read from the body's header. */
    privateKey?: ECDH;
    /** The subscription's 16-byte auth secret (a Buffer, or base64url). */
    authSecret?: Buffer | string;
    /** An explicit 16-byte key instead of ECDH. */
    key?: Buffer | string;
  }

  const ece: {
    /** Throws when the body does not decrypt (wrong keys, a bad header, bad padding). */
    decrypt(buffer: Buffer, params: DecryptParams): Buffer;
  };
  export default ece;
}
