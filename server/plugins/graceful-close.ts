// A restart that drops nothing (SIGTERM, server/main.ts): the process drains, then closes. Draining: readiness
// answers 503 (health.ts), every answer from then on says `Connection: close`, what listens for the drain
// (the desk's event streams) lets go, and the server stops taking connections while the ones it holds stay
// open. A proxy in front (deploy/nginx.conf) is refused a new connection, which it may always retry on
// the other process, and finds each of its kept-alive ones closed by an answer, never under a request it
// has just sent. Idle connections are closed only after half the grace (SHUTDOWN_GRACE_S), when a proxy
// keeping them would have closed them itself (nginx's upstream keepalive_timeout is shorter); what is still
// open at the end of the grace is cut. Then the app closes: background passes finish the pass they are in,
// the database closes last.
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import net from 'node:net';

declare module 'fastify' {
  interface FastifyInstance {
    /** True once the process has begun to close: readiness answers 503. */
    readonly draining: boolean;
    /** Calls `listener` when the process begins to drain (at once if it already has). */
    whenDraining(listener: () => void): void;
    /** Begins to drain: readiness 503, `Connection: close` on every answer, the drain's listeners called. */
    drain(): void;
    /** Drains, waits for the connections held (at most `graceS` seconds), then closes the app. */
    closeGracefully(graceS: number): Promise<{ cut: number }>;
  }
}

const POLL_MS = 100;

function openConnections(server: net.Server): Promise<number> {
  return new Promise((resolve) => server.getConnections((err, count) => resolve(err ? 0 : count)));
}

/** Resolves once the server holds no connection, or when `ms` have passed. */
async function connectionsGone(server: net.Server, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while ((await openConnections(server)) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, POLL_MS));
}

async function gracefulClose(app: FastifyInstance): Promise<void> {
  let draining = false;
  const listeners: (() => void)[] = [];
  app.decorate('draining', {
    getter: () => draining,
  });
  app.decorate('whenDraining', (listener: () => void) => {
    if (draining) listener();
    else listeners.push(listener);
  });

  // Both when a request arrives (the response cache answers a hit from its first hook) and when its answer
  // leaves (a request already in flight when the drain began).
  const closeAfterAnswer = (reply: FastifyReply) => {
    if (draining && !reply.raw.headersSent) reply.header('connection', 'close');
  };
  // Callback hooks, not async ones: every request passes here, and a promise each is measurable on the hot path.
  app.addHook('onRequest', (_req, reply, done) => {
    closeAfterAnswer(reply);
    done();
  });
  app.addHook('onSend', (_req, reply, payload, done) => {
    closeAfterAnswer(reply);
    done(null, payload);
  });

  app.decorate('drain', () => {
    if (draining) return;
    draining = true;
    for (const listener of listeners.splice(0)) listener();
  });

  app.decorate('closeGracefully', async (graceS: number) => {
    app.drain();
    const server = app.server;
    // net.Server's close, not http.Server's: the latter also closes every idle kept-alive connection at
    // once, and a proxy may be writing a request into one of them at that moment (it would answer 502).
    if (server.listening) net.Server.prototype.close.call(server);
    const graceMs = graceS * 1000;
    await connectionsGone(server, graceMs / 2);
    app.server.closeIdleConnections();
    await connectionsGone(server, graceMs / 2);
    const cut = await openConnections(server);
    if (cut > 0) app.server.closeAllConnections();
    await app.close();
    return { cut };
  });
}

export default fp(gracefulClose, { name: 'graceful-close' });
