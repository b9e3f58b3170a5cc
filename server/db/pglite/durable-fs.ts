// The embedded database on disk, durable: a commit is on the host's disk before the shop answers. PGlite runs
// PostgreSQL with fsync off (its start parameters carry -F), and its Node filesystem (Emscripten's NODEFS)
// turns the engine's fsync into nothing and its fdatasync is a no-op in Emscripten itself. So the engine is
// started with fsync on and wal_sync_method=fsync (the call that reaches a filesystem), and the filesystem's
// fsync is the host's fsync of the same file, or directory (PostgreSQL syncs a directory after a rename).
// Written here because PGlite offers no durable Node filesystem (its NodeFS issue is open): a few lines on
// top of its own NodeFS, which the engine already uses.
import { fsyncSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/** EIO: what the engine is told when the host's disk refuses a sync (PostgreSQL then stops rather than lose data). */
const EIO = 29;

/** Emscripten's module as the filesystem's preRun sees it: its NODEFS and FS. */
interface EmscriptenModule {
  NODEFS: { stream_ops: { fsync?: (stream: { nfd?: number }) => number } };
  FS: { ErrnoError: new (errno: number) => Error };
}

type InitOptions = Parameters<NodeFS['init']>[1];

export class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: InitOptions): Promise<{ emscriptenOpts: InitOptions }> {
    const { emscriptenOpts } = await super.init(pg, opts);
    const syncToHost = (mod: EmscriptenModule) => {
      mod.NODEFS.stream_ops.fsync = (stream) => {
        if (stream.nfd === undefined) return 0;
        try {
          fsyncSync(stream.nfd);
        } catch {
          throw new mod.FS.ErrnoError(EIO);
        }
        return 0;
      };
    };
    const preRun = [...((emscriptenOpts.preRun as unknown[] | undefined) ?? []), syncToHost];
    return { emscriptenOpts: { ...emscriptenOpts, preRun } as InitOptions };
  }
}

/** PGlite's start parameters with fsync on, WAL flushed by fsync (Emscripten's fdatasync does nothing). */
export const DURABLE_START_PARAMS = [
  ...PGlite.defaultStartParams.filter((p) => p !== '-F'),
  '-c',
  'fsync=on',
  '-c',
  'wal_sync_method=fsync',
];
