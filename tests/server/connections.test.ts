// Connections that cannot be held forever, against the real listening server: silent connections and ones
// that dribble their headers a byte at a time are closed by the server (HTTP_IDLE_TIMEOUT_S,
// HTTP_HEADERS_TIMEOUT_S, here 2 s) while shoppers keep being answered, and connections past
// HTTP_MAX_CONNECTIONS are refused. The waits are generous: the test checks that they close, not how fast.
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { oneBackend, startApp } from './harness.ts';
import { PATIENCE } from '../support/patience.ts';

const [backend] = oneBackend; // the listening server's rules do not depend on the database

/**
 * Opens a raw connection; `closed` turns true when the server closes it. What the server says is read (a client
 * does): a silent connection cut by the headers timeout gets a 408 before the close, and a socket that leaves
 * those bytes unread never sees its end (one such socket, cut that way on a loaded machine while the others
 * were cut by the idle timeout, was this test's old failure).
 */
function connect(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  const state = { socket, closed: false, opened: new Promise<void>((resolve) => socket.once('connect', () => resolve())) };
  socket.on('error', () => {});
  socket.on('close', () => (state.closed = true));
  socket.resume();
  return state;
}

/** A shopper's request on a connection of its own, closed after the answer: the status. */
function shop(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/api/v1/organization', agent: false, headers: { connection: 'close' } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

describe('connections the server does not keep', () => {
  let app: FastifyInstance;
  let port: number;
  /** Connections the server has taken so far: a count that only grows, read whenever. */
  let accepted = 0;
  const openOnServer = () =>
    new Promise<number>((resolve, reject) => app.server.getConnections((err, n) => (err ? reject(err) : resolve(n))));
  beforeAll(async () => {
    app = await startApp(backend!, { HTTP_HEADERS_TIMEOUT_S: '2', HTTP_IDLE_TIMEOUT_S: '2', HTTP_MAX_CONNECTIONS: '400' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    app.server.on('connection', () => (accepted += 1));
    port = (app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => app?.close());

  it('closes silent and dribbling connections while shoppers are answered', async () => {
    const before = accepted;
    const silent = Array.from({ length: 200 }, () => connect(port));
    const dribbling = Array.from({ length: 20 }, () => connect(port));
    await Promise.all([...silent, ...dribbling].map((c) => c.opened));
    const drips = dribbling.map((c) => {
      c.socket.write('GET /api/v1/organization HTTP/1.1\r\nHost: shop\r\n');
      return setInterval(() => !c.closed && c.socket.write('X-Slow: 1\r\n'), 300);
    });
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, () => shop(port)));
      expect(answers).toEqual(Array(20).fill(200));
      // The server took every connection (a count, not a snapshot: it starts closing them 2 s in), closes
      // them all, and every client sees its connection closed.
      await expect.poll(() => accepted - before, PATIENCE).toBeGreaterThanOrEqual(240);
      await expect.poll(openOnServer, { timeout: 60_000, interval: 200 }).toBe(0);
      await expect.poll(() => [...silent, ...dribbling].filter((c) => !c.closed).length, { timeout: 60_000, interval: 200 }).toBe(0);
      expect(await shop(port)).toBe(200);
    } finally {
      drips.forEach(clearInterval);
      [...silent, ...dribbling].forEach((c) => c.socket.destroy());
    }
  });

  it('refuses connections past HTTP_MAX_CONNECTIONS', async () => {
    const many = Array.from({ length: 450 }, () => connect(port));
    try {
      await expect.poll(() => many.filter((c) => c.closed).length, PATIENCE).toBeGreaterThanOrEqual(50);
    } finally {
      many.forEach((c) => c.socket.destroy());
    }
  });
});
