// docs/configuration.md names every setting there is, and only those: its first table is exactly what
// server/config.ts reads (watched as readConfig runs on the demo's, a bank's, a test page's and an exchange's
// environments, and read off its source), and every other setting the repository reads (the tests, the bench,
// the build) is in its second table.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config.ts';

const DOC = readFileSync('docs/configuration.md', 'utf8');

/** The settings in the first column of the table under a `## heading`. */
function settingsUnder(heading: string): Set<string> {
  const section = DOC.split(/^## /m).find((s) => s.startsWith(`${heading}\n`));
  if (!section) throw new Error(`docs/configuration.md has no section «${heading}»`);
  return new Set([...section.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((m) => m[1]));
}

/** What readConfig reads of the environment, in each of the environments given. */
function readByConfig(...environments: Record<string, string>[]): Set<string> {
  const read = new Set<string>();
  for (const values of environments) {
    const env = new Proxy(values, {
      get(target, key) {
        if (typeof key === 'string') read.add(key);
        return target[key as string];
      },
    });
    readConfig(env);
  }
  return read;
}

/** The names a source reads as `env.NAME` (config.ts's own parameter). */
const namedInSource = (source: string) => new Set([...source.matchAll(/\benv\.([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.(ts|tsx)$/.test(name) ? [file] : [];
  });
}

/** Vite's own flags, not settings. */
const VITE_BUILT_IN = new Set(['DEV', 'PROD', 'MODE', 'SSR', 'BASE_URL']);

describe('docs/configuration.md', () => {
  it('names exactly the settings server/config.ts reads', () => {
    const read = readByConfig(
      {},
      {
        PAYMENT_PROVIDER: 'sberbank',
        SBERBANK_USERNAME: 'shop',
        SBERBANK_PASSWORD: 'secret',
        VAT_RATE: '22',
        SHOP_INN: '7707083893',
        TAX_SYSTEM: 'osn',
        RECEIPT_EMAIL: 'kassa@moreimoda.ru',
      },
      { PAYMENT_PROVIDER: 'test' },
      { EXCHANGE_LOGIN: '1c', EXCHANGE_PASSWORD: 'secret' },
    );
    for (const name of namedInSource(readFileSync('server/config.ts', 'utf8'))) read.add(name);
    expect([...settingsUnder("The shop's settings")].sort()).toEqual([...read].sort());
  });

  it('names every other setting the repository reads', () => {
    const documented = new Set([
      ...settingsUnder("The shop's settings"),
      ...settingsUnder('Settings of the demo, the tests, the bench and the build'),
    ]);
    const files = [
      ...['common', 'src', 'sw', 'server', 'scripts', 'tests', 'bench'].flatMap(sources),
      'playwright.config.ts',
      'vite.config.ts',
    ];
    const missing = new Set<string>();
    for (const file of files) {
      for (const m of readFileSync(file, 'utf8').matchAll(/(?:process\.env|import\.meta\.env\??)\.([A-Z][A-Z0-9_]*)/g)) {
        if (!documented.has(m[1]) && !VITE_BUILT_IN.has(m[1])) missing.add(`${m[1]} (${file})`);
      }
    }
    expect([...missing]).toEqual([]);
  });
});
