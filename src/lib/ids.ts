// Random ids for queued changes (their Idempotency-Key): a UUID where the browser offers one, otherwise 128
// random bits in hex (crypto.randomUUID exists only on https and localhost).
export function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
