// A slow mobile network outside the browser, for the bench: a TCP proxy in front of the shop whose one link is
// Lighthouse's slow 4G as a network has it (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up), shared by
// every connection the browser opens, first come first sent, as at a phone's cell. DevTools' throttling (and
// Lighthouse's simulation) shape each request on its own inside the browser; here the browser's own
// scheduling meets the network: a request it starts late or at a low priority takes the link only when it
// is sent, as on a real phone. Hand-written: the shaping tools (tc netem) would slow the whole loopback the
// rest of the machine uses, and no npm package shapes one proxy's connections together.
import { createConnection, createServer, type Server, type Socket } from 'node:net';

export const SHAPED_SLOW_4G = { rttMs: 150, downKbps: 1600, upKbps: 750 };

/** Slices a link sends one at a time: big answers share the link with the others at this grain. */
const SLICE = 4096;

/** One direction of the link: FIFO at its rate, each slice delivered half a round trip after it was sent. */
class Link {
  private freeAt = 0;
  constructor(
    private readonly kbps: number,
    private readonly delayMs: number,
  ) {}

  /** Sends the chunk's slices; answers when (performance.now()) the last of them arrives. */
  send(chunk: Buffer, deliver: (slice: Buffer) => void): number {
    const now = performance.now();
    let arrives = now;
    for (let at = 0; at < chunk.length; at += SLICE) {
      const slice = chunk.subarray(at, at + SLICE);
      this.freeAt = Math.max(this.freeAt, now) + (slice.length * 8) / this.kbps; // kbit/s is bits per ms
      arrives = this.freeAt + this.delayMs;
      setTimeout(() => deliver(slice), arrives - now);
    }
    return arrives;
  }
}

/** Starts the proxy in front of `shopUrl`; its address serves the shop through the shaped link. */
export async function shapedNetwork(shopUrl: string, shape = SHAPED_SLOW_4G): Promise<{ url: string; close(): Promise<void> }> {
  const shop = new URL(shopUrl);
  const down = new Link(shape.downKbps, shape.rttMs / 2);
  const up = new Link(shape.upKbps, shape.rttMs / 2);
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    sockets.add(client);
    client.pause();
    // The connection's handshake: a round trip before its first byte goes anywhere.
    setTimeout(() => {
      const upstream = createConnection({ host: shop.hostname, port: Number(shop.port) });
      sockets.add(upstream);
      // When each direction's last slice arrives: an end or a close follows the data still on the link.
      let upArrives = 0;
      let downArrives = 0;
      const after = (at: number, then: () => void) => setTimeout(then, Math.max(0, at - performance.now()) + 1);
      client.on('data', (chunk: Buffer) => (upArrives = up.send(chunk, (slice) => upstream.writable && upstream.write(slice))));
      upstream.on('data', (chunk: Buffer) => (downArrives = down.send(chunk, (slice) => client.writable && client.write(slice))));
      client.on('end', () => after(upArrives, () => upstream.end()));
      upstream.on('end', () => after(downArrives, () => client.end()));
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
      client.on('close', () => {
        sockets.delete(client);
        after(upArrives, () => upstream.destroy());
      });
      upstream.on('close', () => {
        sockets.delete(upstream);
        after(downArrives, () => client.destroy());
      });
      client.resume();
    }, shape.rttMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
