// One marketplace feed's builds over time: its current complete files, and the one build that may be running.
// A feed is built on its first request, then again whenever the catalogue version moves on (only once it was
// asked for: a shop that publishes no feed never builds one). One build at a time: whoever asks meanwhile
// joins it, and a change heard during a build makes one more build after it. While a build runs, the
// previous complete files are served; only a request that finds no complete file waits for the build. A
// failed build is logged and changes nothing served; without any complete file the request is refused for now,
// and the next try starts no sooner than RETRY_PAUSE_MS after the failure (a database that is down is not
// asked again by every request).
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { writeFeedFiles, type FeedFiles } from './feed-files.ts';
import type { FeedKind, FeedSource } from './feed-text.ts';

const RETRY_PAUSE_MS = 5_000;

/** A complete build: its files, the catalogue version it was built from, and the ETags of its two forms. */
export interface BuiltFeed extends FeedFiles {
  version: number;
  etag: string;
  gzipEtag: string;
}

export interface FeedBuildsOptions {
  kind: FeedKind;
  folder: string;
  source: Omit<FeedSource, 'stopped'>;
  log: FastifyBaseLogger;
}

/** How many complete builds keep their files: the current one, and the one before for a request that just picked it. */
const KEPT_BUILDS = 2;

export class FeedBuilds {
  private readonly kept: BuiltFeed[] = [];
  private running: Promise<BuiltFeed> | null = null;
  private version = 0;
  private asked = false;
  private failedAt = -Infinity;
  private closed = false;

  constructor(private readonly opts: FeedBuildsOptions) {}

  private get current(): BuiltFeed | undefined {
    return this.kept[this.kept.length - 1];
  }

  /** The catalogue version now: once the feed was asked for, a newer one is built. */
  catalogueVersion(version: number): void {
    if (!(version > this.version)) return;
    this.version = version;
    if (this.asked) this.start();
  }

  /**
   * The complete feed to serve: the current one (while a newer one is built); with none yet, the running
   * build to wait for (it resolves to null when the build fails); null when there is none for now.
   */
  latest(): BuiltFeed | Promise<BuiltFeed | null> | null {
    this.asked = true;
    const current = this.current;
    if (!current || current.version < this.version) {
      if (this.running || Date.now() - this.failedAt >= RETRY_PAUSE_MS) this.start();
    }
    if (current) return current;
    if (!this.running) return null;
    return this.running.catch(() => null);
  }

  /** Stops building (the server closes): a running build ends at its next batch; resolves once it has. */
  async close(): Promise<void> {
    this.closed = true;
    await this.running?.catch(() => undefined);
  }

  /** Starts a build unless one runs (the running one is followed by another when the version moved on meanwhile). */
  private start(): void {
    if (this.running || this.closed) return;
    const version = this.version;
    const build = this.build(version);
    this.running = build;
    build.then(
      () => {
        this.running = null;
        if (this.version > version) this.start();
      },
      (err: unknown) => {
        this.running = null;
        this.failedAt = Date.now();
        if (!this.closed) this.opts.log.error({ err, feed: this.opts.kind.name }, 'feed build failed: the previous feed is still served');
      },
    );
  }

  private async build(version: number): Promise<BuiltFeed> {
    const { kind, folder, source, log } = this.opts;
    const t0 = performance.now();
    const builtAt = Date.now();
    const stamp = `${version}-${builtAt.toString(36)}`;
    const files = await writeFeedFiles(
      path.join(folder, `${kind.name}-${stamp}.${kind.extension}`),
      kind.pieces({ ...source, stopped: () => this.closed }),
    );
    const built: BuiltFeed = { ...files, version, etag: `"${kind.name}-${stamp}"`, gzipEtag: `"${kind.name}-${stamp}-gzip"` };
    this.kept.push(built);
    for (const old of this.kept.splice(0, Math.max(0, this.kept.length - KEPT_BUILDS))) await removeFiles(old);
    log.info(
      { feed: kind.name, version, bytes: files.bytes, gzipBytes: files.gzipBytes, ms: Math.round(performance.now() - t0) },
      'feed built',
    );
    return built;
  }
}

async function removeFiles(built: FeedFiles): Promise<void> {
  await Promise.all([rm(built.xml, { force: true }), rm(built.gzip, { force: true })]);
}
