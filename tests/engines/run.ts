// Entry of `npm run test:engines [-- --engine firefox|webkit]`: the shopper's walk (walk.ts) in Firefox ESR
// and WebKitGTK against the real shop (`npm run serve` on a fresh embedded database, the demo's test payment
// page), the engines side by side, each with a server and a database of its own that the walk stops halfway. Prints each
// step as it passes; exits 1 when a step fails or a page logged a script error.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensureBuilt } from '../../scripts/build-if-stale.ts';
import { freePort, startShop, type ShopProcess } from '../../scripts/shop-process.ts';
import type { BrowserDriver, Engine } from './driver.ts';
import { scriptErrors } from './failed-loads.ts';
import { whereThePageStood } from './page-state.ts';
import { startFirefox } from './firefox.ts';
import { shopSetup } from './shop-setup.ts';
import { WALK } from './walk.ts';
import { startWebKit } from './webkit.ts';

const STARTERS: Record<Engine, () => Promise<BrowserDriver>> = { firefox: startFirefox, webkit: startWebKit };
/** One engine's walk: its own server and browser; the failures it met (none: it passed). */
async function walkIn(engine: Engine, dataDir: string): Promise<string[]> {
  const port = await freePort();
  const shopUrl = `http://127.0.0.1:${port}`;
  let shop: ShopProcess | null = await startShop(
    { DATA_DIR: dataDir, DATABASE_URL: '', PUBLIC_URL: shopUrl, PAYMENT_PROVIDER: 'test', CHECK_ANSWERS: '1', LOG_LEVEL: 'warn' },
    port,
  );
  /** The shop's log lines at warn level and above (LOG_LEVEL warn), printed with a failure. */
  let shopLog: string[] = [];
  let driver: BrowserDriver | null = null;
  /** How many errors the pages had logged when the walk stopped the server (null: it has not yet). */
  let loggedBeforeStop: number | null = null;
  const stopShop = async () => {
    shopLog = (await shop?.stop()) ?? shopLog;
    shop = null;
  };
  const failures: string[] = [];
  try {
    // The walk's own stop counts the errors logged until then; the last stop, below, comes after the browser
    // has closed and asks it nothing.
    const stopShopMidWalk = async () => {
      loggedBeforeStop = (await shopper.errors()).length;
      await stopShop();
    };
    const setup = { ...(await shopSetup(shopUrl, engine)), stopShop: stopShopMidWalk };
    const shopper = await STARTERS[engine]();
    driver = shopper;
    for (const step of WALK) {
      const started = Date.now();
      try {
        await step.run(shopper, setup);
      } catch (err) {
        const page = await whereThePageStood(shopper);
        failures.push(`${engine}: «${step.name}» failed: ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}\n${page}`);
        break;
      }
      console.log(`  ${engine}: ✓ ${step.name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    }
    // Less the failed loads an engine reports as errors of the page (failed-loads.ts).
    const logged = scriptErrors(await shopper.errors(), loggedBeforeStop);
    if (logged.length) failures.push(`${engine}: the pages logged ${logged.length} script error(s):\n    ${logged.join('\n    ')}`);
  } catch (err) {
    failures.push(`${engine}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  } finally {
    await driver?.close().catch(() => undefined);
    await stopShop();
  }
  if (failures.length && shopLog.length) failures.push(`${engine}: the shop's log ended:\n    ${shopLog.slice(-10).join('\n    ')}`);
  return failures;
}

const { values } = parseArgs({ options: { engine: { type: 'string', multiple: true } } });
const engines = (values.engine ?? ['firefox', 'webkit']) as Engine[];
for (const e of engines) if (!(e in STARTERS)) throw new Error(`no engine "${e}": firefox or webkit`);

ensureBuilt();
// A rejection no step holds (selenium-webdriver's, after a failed step and quit()) would end the process
// before the failures are printed: it is kept, and reported as a failure of the walk.
const stray: string[] = [];
process.on('unhandledRejection', (reason) => {
  stray.push(`a rejection nobody handled: ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}`);
});
// The engines walk side by side, each with its own server and database: the walk mostly waits on pages.
const failures = (
  await Promise.all(
    engines.map(async (engine) => {
      console.log(`${engine}: the shopper's walk`);
      const dataDir = mkdtempSync(path.join(tmpdir(), `shop-engines-${engine}-`));
      try {
        return await walkIn(engine, dataDir);
      } finally {
        // Retried: a shop stopped a moment ago may still be closing its database files (ENOTEMPTY).
        rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
      }
    }),
  )
).flat();
failures.push(...stray);
if (failures.length) {
  console.error(`\n${failures.join('\n')}`);
  process.exit(1);
}
console.log(`\nthe walk passed in ${engines.join(' and ')}`);
