// `npm run build`: the app for the browser (dist/), its server rendering (dist/server/entry-server.js) and the
// API server compiled to JavaScript (dist/server/main.js, build-server.ts). The two Vite builds share one build id, so a page rendered by one build is hydrated only by the same
// build's scripts (src/app/server-rendering.ts). `--outDir <dir>` builds elsewhere (the e2e run's build).
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'vite';
import { buildServer } from './build-server.ts';

const { values } = parseArgs({ options: { outDir: { type: 'string', default: 'dist' } } });
const outDir = path.resolve(values.outDir);
process.env.VITE_BUILD_ID ??= `${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;

await build({ build: { outDir, emptyOutDir: true } });
await build({ build: { ssr: 'src/entry-server.tsx', outDir: path.join(outDir, 'server'), emptyOutDir: false } });
await buildServer(process.cwd(), path.join(outDir, 'server'));
