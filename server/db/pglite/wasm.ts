// PGlite's WebAssembly (the database and its initdb) compiled once a process, and its file bundle read once:
// every worker gets them instead of compiling its own (the tests open many databases).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { WasmBundle } from './messages.ts';

/** Node's global WebAssembly: the server's types (no DOM library) declare its types but not the object. */
const wasmApi = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WebAssembly.Module> } }).WebAssembly;

// A cache of what never changes while the process runs (the installed package's files), not server state.
let compiled: Promise<WasmBundle> | undefined;

export function pgliteWasm(): Promise<WasmBundle> {
  compiled ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const [pglite, initdb, fsBundle] = await Promise.all(
      ['pglite.wasm', 'initdb.wasm', 'pglite.data'].map((file) => readFile(path.join(dist, file))),
    );
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all([wasmApi.compile(pglite), wasmApi.compile(initdb)]);
    return { pgliteWasmModule, initdbWasmModule, fsBundle: new Uint8Array(fsBundle) };
  })().catch((err: unknown) => {
    compiled = undefined; // the next open tries again
    throw err;
  });
  return compiled;
}
