// What the other areas of the server may use of lib/: helpers that know no area of the shop. Everything else in
// the folder is its own (eslint.config.js refuses an import from another area past this file).
export { newMetrics } from './metrics.ts';
export { moscowStamp, moscowTime } from './moscow-time.ts';
export { newToken } from './random-token.ts';
export { runEvery } from './run-every.ts';
export { slugOf, uniqueSlug } from './slug.ts';
