// The desk's events (GET /api/manage/events, staff only): a server-sent event stream that says «orders» each
// time an order is placed or its status or payment changes (the database's notices on desk_orders, migration
// 019, heard once per process for every open desk), so an open orders list reloads itself at once. Notices
// lost with the listening connection are told as one «orders» too. A comment every 25 s keeps proxies from
// closing a quiet stream; the browser's EventSource reconnects by itself after a break (retry: 5 s). Open
// streams are bounded, per staff member and per process, so a page opened in many tabs cannot hold the server.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Refusal } from '../refusal.ts';

/** How often a quiet stream gets a comment: within the shop's own idle timeout (HTTP_IDLE_TIMEOUT_S, 30 s) and proxies' (60 s). */
const HEARTBEAT_MS = 15_000;
/** Open streams one staff member may hold (tabs, devices), and one server process in all. */
const STREAMS_PER_STAFF = 10;
const STREAMS_PER_PROCESS = 200;

export const EVENTS_MESSAGES = {
  tooMany: 'Рабочее место открыто в слишком многих вкладках: закройте лишние и обновите страницу',
} as const;

interface Stream {
  staffId: number;
  reply: FastifyReply;
}

export interface DeskEvents {
  /** Takes over the request's connection as an event stream until the client goes. */
  open(req: FastifyRequest, reply: FastifyReply, staffId: number): void;
}

export async function deskEvents(app: FastifyInstance): Promise<DeskEvents> {
  const streams = new Set<Stream>();
  const send = (text: string) => {
    for (const s of streams) s.reply.raw.write(text);
  };
  const ordersChanged = () => send('event: orders\ndata: \n\n');
  const stop = await app.db.listen('desk_orders', ordersChanged, ordersChanged);
  const heartbeat = setInterval(() => send(': still here\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  // A closing process waits for the connections it holds: the streams end as it begins to drain (the
  // browser reconnects, to another process behind the proxy), and again before the server closes.
  const endStreams = () => {
    for (const s of streams) s.reply.raw.end();
    streams.clear();
  };
  app.whenDraining(endStreams);
  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    endStreams();
  });
  app.addHook('onClose', async () => void (await stop().catch(() => undefined)));

  return {
    open(req, reply, staffId) {
      const mine = [...streams].filter((s) => s.staffId === staffId).length;
      if (mine >= STREAMS_PER_STAFF || streams.size >= STREAMS_PER_PROCESS) throw new Refusal('tooMany', EVENTS_MESSAGES.tooMany);
      reply.hijack();
      reply.raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      reply.raw.write('retry: 5000\n\n');
      if (app.draining) return void reply.raw.end(); // the browser comes back in 5 s, to a process that stays
      const stream: Stream = { staffId, reply };
      streams.add(stream);
      req.raw.on('close', () => streams.delete(stream));
    },
  };
}
