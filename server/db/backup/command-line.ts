// What `npm run backup` and `npm run restore` read of their command line and environment: one file, and the
// shop named by the same settings as the server (DATABASE_URL, else DATA_DIR, default ./data). `--help` or a
// wrong number of arguments prints the usage and exits.
import path from 'node:path';
import { parseArgs } from 'node:util';

export interface CommandLine {
  /** The backup file, absolute. */
  file: string;
  databaseUrl: string | undefined;
  /** DATA_DIR, absolute. */
  dataDir: string;
}

export function readCommandLine(usage: string): CommandLine {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { help: { type: 'boolean', short: 'h' } } });
  if (values.help || positionals.length !== 1) {
    console.log(usage);
    process.exit(values.help ? 0 : 2);
  }
  return {
    file: path.resolve(positionals[0]),
    databaseUrl: process.env.DATABASE_URL || undefined,
    dataDir: path.resolve(process.env.DATA_DIR || './data'),
  };
}
