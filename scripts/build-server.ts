// `npm run build`'s third part: the API server compiled to JavaScript in dist/server/ (beside the page's server
// rendering), so production runs it with plain `node dist/server/main.js`, no TypeScript loader. esbuild
// bundles our own code into one file per command (main.js, backup.js, restore.js, seed.js) and one per worker
// thread or child process they start (pglite-worker.js: the embedded database's; picture-process.js: the
// picture pipeline's), and leaves every
// package outside, loaded from node_modules as installed (no shared chunks: each command's file sits in the
// output's root, so the migrations beside it are found the same way from every one); the build fails if the server imports a package
// that is not among package.json's dependencies (a production install leaves the others out). The
// migrations are copied beside the bundle, where server/db/migrate.ts looks for them.
import { build } from 'esbuild';
import { BUILT_WORKER } from '../server/db/pglite/thread.ts';
import { BUILT_PICTURE_PROCESS } from '../server/media/picture-maker.ts';
import { cpSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The server's commands: what production runs, each one file in the output. */
export const SERVER_COMMANDS = {
  main: 'server/main.ts',
  backup: 'server/db/backup/backup-cli.ts',
  restore: 'server/db/backup/restore-cli.ts',
  seed: 'server/seed-cli.ts',
} as const;

/** The worker threads and child processes the commands start, each its own file beside them (found by its name from theirs). */
const SERVER_THREADS = { [BUILT_WORKER]: 'server/db/pglite/worker.ts', [BUILT_PICTURE_PROCESS]: 'server/media/picture-process.ts' };

/** Compiles the server into `outDir` (dist/server by default, or the build's --outDir + /server). */
export async function buildServer(root: string, outDir: string): Promise<void> {
  const result = await build({
    absWorkingDir: root,
    entryPoints: { ...SERVER_COMMANDS, ...SERVER_THREADS },
    outdir: outDir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
  });
  const dependencies = Object.keys(
    (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies: object }).dependencies,
  );
  const packageOf = (spec: string) =>
    spec
      .split('/')
      .slice(0, spec.startsWith('@') ? 2 : 1)
      .join('/');
  const missing = new Set<string>();
  for (const output of Object.values(result.metafile.outputs))
    for (const imported of output.imports)
      if (imported.external && !imported.path.startsWith('node:') && !dependencies.includes(packageOf(imported.path)))
        missing.add(packageOf(imported.path));
  if (missing.size) throw new Error(`the server imports packages that are not dependencies in package.json: ${[...missing].join(', ')}`);
  cpSync(path.join(root, 'server/db/migrations'), path.join(outDir, 'migrations'), { recursive: true });
}
