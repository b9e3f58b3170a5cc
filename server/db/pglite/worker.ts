// Entry of the PGlite worker thread: the engine's WebAssembly from the main thread in, requests in, replies out.
import { parentPort, workerData } from 'node:worker_threads';
import { pgliteHost } from './host.ts';
import type { Request, WasmBundle } from './messages.ts';

const port = parentPort!;
const handle = pgliteHost(workerData as WasmBundle, (reply, transfer) => port.postMessage(reply, transfer));
port.on('message', (req: Request) => handle(req));
