// Reads the server's configuration from the environment once; everything else takes a Config object.
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  /** PGlite's data lives in `${dataDir}/pg`. */
  dataDir: string;
  /** postgres://… switches the database to PostgreSQL. */
  databaseUrl?: string;
  /** The built app to serve; no static serving when the folder is missing (API-only tests). */
  distDir: string;
  /** smtp://user:pass@host:port: mail goes out; without it, mail is logged with its links. */
  smtpUrl?: string;
  /** The shop's public address, used in mailed links. */
  publicUrl: string;
  logLevel: string;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT is not a port: ${env.PORT}`);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    distDir: path.resolve(env.DIST_DIR ?? './dist'),
    smtpUrl: env.SMTP_URL || undefined,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}
