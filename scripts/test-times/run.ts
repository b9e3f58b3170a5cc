// `npm run test:times`: how long each vitest file and each Playwright spec takes in its suite (two workers, as
// `npm test` runs them) and, with `--alone`, with the machine to itself (the suite again on one worker: one file
// at a time, nothing beside it); a markdown table, slowest first (docs/testing.md keeps one). `--only vitest`
// or `--only playwright` measures one lane. The server files run on PostgreSQL too when TEST_DATABASE_URL is set, as
// in CI. Playwright runs against the current build: `npm run build` first.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { alone: { type: 'boolean', default: false }, only: { type: 'string' } } });
const scratch = mkdtempSync(path.join(tmpdir(), 'test-times-'));
let runs = 0;

/** Runs a command, its output to ours; the seconds it took. A failing run is reported, its figures kept. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): number {
  const started = performance.now();
  const done = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ...env } });
  if (done.status !== 0) console.error(`!! ${command} ${args.join(' ')} ended with ${done.status ?? done.signal}`);
  return (performance.now() - started) / 1000;
}

/** Seconds per vitest file, and the run's wall time. */
function vitestTimes(workers: number): { files: Record<string, number>; wall: number } {
  const out = path.join(scratch, `vitest-${runs++}.json`);
  // One at a time is --no-file-parallelism: --maxWorkers=1 does not reach the projects, which keep the config's 2.
  const parallelism = workers === 1 ? '--no-file-parallelism' : `--maxWorkers=${workers}`;
  const wall = run('npx', ['vitest', 'run', parallelism, '--reporter=./scripts/test-times/vitest-file-times.ts'], { TEST_TIMES_OUT: out });
  return { files: JSON.parse(readFileSync(out, 'utf8')) as Record<string, number>, wall };
}

interface PwSuite {
  file: string;
  specs?: { tests: { results: { duration: number }[] }[] }[];
  suites?: PwSuite[];
}

/** Seconds per Playwright spec (its tests' durations added up), and the run's wall time. */
function playwrightTimes(workers: number): { files: Record<string, number>; wall: number } {
  const out = path.join(scratch, `playwright-${runs++}.json`);
  const wall = run('npx', ['playwright', 'test', `--workers=${workers}`, '--reporter=json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: out });
  const report = JSON.parse(readFileSync(out, 'utf8')) as { suites: PwSuite[] };
  const specs: Record<string, number> = {};
  const add = (suite: PwSuite, file: string) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests) for (const result of test.results) specs[file] = (specs[file] ?? 0) + result.duration / 1000;
    for (const inner of suite.suites ?? []) add(inner, file);
  };
  for (const suite of report.suites) add(suite, `tests/e2e/${suite.file}`);
  return { files: specs, wall };
}

function table(
  title: string,
  suite: { files: Record<string, number>; wall: number },
  alone?: { files: Record<string, number>; wall: number },
): void {
  const rows = Object.entries(suite.files).sort((a, b) => b[1] - a[1]);
  const sum = (files: Record<string, number>) => Object.values(files).reduce((total, s) => total + s, 0);
  console.log(
    `\n### ${title}: ${suite.wall.toFixed(0)} s on two workers${alone ? `, ${alone.wall.toFixed(0)} s one file at a time` : ''}\n`,
  );
  console.log(alone ? '| file | in the suite, s | alone, s |\n|---|---:|---:|' : '| file | in the suite, s |\n|---|---:|');
  for (const [file, s] of rows) console.log(`| ${file} | ${s.toFixed(1)} |${alone ? ` ${alone.files[file]?.toFixed(1) ?? '–'} |` : ''}`);
  console.log(`| all files | ${sum(suite.files).toFixed(0)} |${alone ? ` ${sum(alone.files).toFixed(0)} |` : ''}`);
}

const lanes = [
  { name: 'vitest', measure: vitestTimes },
  { name: 'Playwright', measure: playwrightTimes },
].filter((lane) => !values.only || lane.name.toLowerCase() === values.only);
for (const lane of lanes) table(lane.name, lane.measure(2), values.alone ? lane.measure(1) : undefined);
