// Entry of `npm start`, the demo: build the app if dist/ is missing or stale, then run the server
// (server/main.ts) with the test payment page unless PAYMENT_PROVIDER says otherwise (the server refuses it
// under NODE_ENV=production).
import { ensureBuilt } from './build-if-stale.ts';

ensureBuilt();
process.env.PAYMENT_PROVIDER ??= 'test';
await import('../server/main.ts');
