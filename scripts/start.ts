// Entry of `npm start`, the demo: build the app if dist/ is missing or stale, then run the server
// (server/main.ts) with the test payment page unless PAYMENT_PROVIDER says otherwise (the server refuses it
// under NODE_ENV=production), and, outside production, the demo's manager: manager@example.ru, invited at the
// start (the link is in the log: the demo sends no mail), unless STAFF_EMAILS names the staff.
import { ensureBuilt } from './build-if-stale.ts';

/** The demo's manager account (registered like any other, through the shop's 'Войти'). */
const DEMO_MANAGER_EMAIL = 'manager@example.ru';

ensureBuilt();
process.env.PAYMENT_PROVIDER ??= 'test';
if (process.env.NODE_ENV !== 'production') process.env.STAFF_EMAILS ??= DEMO_MANAGER_EMAIL;
await import('../server/main.ts');
