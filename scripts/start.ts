// Entry of `npm start`: build the app if dist/ is missing or stale, then run the server (server/main.ts).
import { ensureBuilt } from './build-if-stale.ts';

ensureBuilt();
await import('../server/main.ts');
