// Inside the worker: the one PGlite database the worker holds at a time, doing the main thread's requests in
// the order they come (PGlite queues them as it did on the main thread: one connection, one statement at a time).
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { DURABLE_START_PARAMS, DurableNodeFS } from './durable-fs.ts';
import { errorToFields } from './errors.ts';
import type { Reply, Request, WasmBundle } from './messages.ts';

/** A transaction waiting for its end: commit or roll back, answered to the request that asked for it. */
interface OpenTransaction {
  tx: Transaction;
  end(commit: boolean, endRequest: number): void;
}

/** The worker's side: hand it each request; it answers through `send`. */
export function pgliteHost(wasm: WasmBundle, send: (reply: Reply, transfer?: ArrayBuffer[]) => void) {
  let pg: PGlite | undefined;
  const transactions = new Map<number, OpenTransaction>();
  const unlisten = new Map<number, () => Promise<void>>();

  const answer = (id: number, work: () => Promise<unknown>) =>
    work().then(
      (value) => send({ id, ok: true, value }, value instanceof ArrayBuffer ? [value] : []),
      (err: unknown) => send({ id, ok: false, error: errorToFields(err) }),
    );
  const open = () => {
    if (!pg) throw new Error('База данных PGlite в этом потоке не открыта');
    return pg;
  };
  const on = (tx?: number) => {
    if (tx === undefined) return open();
    const found = transactions.get(tx);
    if (!found) throw new Error('Транзакция уже завершена');
    return found.tx;
  };

  /** BEGIN: answered once the transaction holds the connection; its end is answered to the end's request. */
  const begin = (id: number) => {
    let endRequest: number | undefined;
    const rolledBack = Symbol('rolled back');
    const done = open().transaction(
      (tx) =>
        new Promise<void>((resolve, reject) => {
          transactions.set(id, {
            tx,
            end(commit, request) {
              endRequest = request;
              transactions.delete(id);
              if (commit) resolve();
              else reject(rolledBack);
            },
          });
          send({ id, ok: true, value: id });
        }),
    );
    done.then(
      () => send({ id: endRequest!, ok: true, value: undefined }),
      (err: unknown) => {
        transactions.delete(id);
        if (endRequest === undefined)
          send({ id, ok: false, error: errorToFields(err) }); // BEGIN itself failed
        else if (err === rolledBack) send({ id: endRequest, ok: true, value: undefined });
        else send({ id: endRequest, ok: false, error: errorToFields(err) }); // COMMIT failed
      },
    );
  };

  return (req: Request): void => {
    switch (req.op) {
      case 'open':
        return void answer(req.id, async () => {
          const { dataDir, loadDataDir, durable = true } = req;
          const { fsBundle, ...modules } = wasm;
          // On disk, durable (durable-fs.ts) unless PGLITE_SYNC=off; in memory (the tests' databases), nothing to sync.
          const onDisk = durable && dataDir !== undefined && !dataDir.startsWith('memory://');
          const next = new PGlite({
            ...modules,
            fsBundle: new Blob([fsBundle]),
            ...(onDisk ? { fs: new DurableNodeFS(dataDir), startParams: DURABLE_START_PARAMS } : { dataDir }),
            loadDataDir: loadDataDir ? new Blob([loadDataDir]) : undefined,
          });
          await next.waitReady;
          pg = next;
        });
      case 'query':
        return void answer(req.id, async () => (await on(req.tx).query(req.sql, req.params as unknown[])).rows);
      case 'exec':
        return void answer(req.id, async () => void (await on(req.tx).exec(req.sql)));
      case 'begin':
        try {
          return begin(req.id);
        } catch (err) {
          return send({ id: req.id, ok: false, error: errorToFields(err) });
        }
      case 'end': {
        const found = transactions.get(req.tx);
        if (found) return found.end(req.commit, req.id);
        return send({ id: req.id, ok: false, error: errorToFields(new Error('Транзакция уже завершена')) });
      }
      case 'listen':
        return void answer(req.id, async () => {
          const { listen, channel } = req;
          unlisten.set(listen, await open().listen(channel, (payload) => send({ notice: listen, payload })));
        });
      case 'unlisten':
        return void answer(req.id, async () => {
          const stop = unlisten.get(req.listen);
          unlisten.delete(req.listen);
          await stop?.();
        });
      case 'dump':
        return void answer(req.id, async () => (await open().dumpDataDir('none')).arrayBuffer());
      case 'close':
        return void answer(req.id, async () => {
          const closing = pg;
          pg = undefined;
          transactions.clear();
          unlisten.clear();
          await closing?.close();
        });
    }
  };
}
