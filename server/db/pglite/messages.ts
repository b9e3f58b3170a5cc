// What the main thread and the PGlite worker say to each other: requests by id, replies by the same id, and
// the notices of a LISTEN by the number the main thread gave it.
import type { ErrorFields } from './errors.ts';

/** The engine's compiled WebAssembly and its file bundle: made once in the main thread, given to each worker. */
export interface WasmBundle {
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
  fsBundle: Uint8Array;
}

/** What the worker is asked, without the id the thread adds. `tx` names a transaction (the id of its begin). */
export type RequestBody =
  | { op: 'open'; dataDir?: string; loadDataDir?: ArrayBuffer; durable?: boolean }
  | { op: 'query'; sql: string; params: readonly unknown[]; tx?: number }
  | { op: 'exec'; sql: string; tx?: number }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'listen'; channel: string; listen: number }
  | { op: 'unlisten'; listen: number }
  | { op: 'dump' }
  | { op: 'close' };

export type Request = RequestBody & { id: number };

export type Reply =
  { id: number; ok: true; value: unknown } | { id: number; ok: false; error: ErrorFields } | { notice: number; payload: string };
