// LISTEN on a real PostgreSQL: one connection of its own (a pooled one would be handed to queries), kept
// open for as long as the process runs. When it breaks (a restart, a network cut) it is opened again with a
// growing pause, every channel is listened to again, and each listener is told it may have missed notices.
import pg from 'pg';

interface Listener {
  onNotice: (payload: string) => void;
  onGap?: () => void;
}

const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 15_000;

export class PostgresListener {
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private readonly channels = new Map<string, Set<Listener>>();
  private retryMs = RETRY_MIN_MS;
  private closed = false;

  constructor(private readonly connectionString: string) {}

  async listen(channel: string, onNotice: (payload: string) => void, onGap?: () => void): Promise<() => Promise<void>> {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
    const listener: Listener = { onNotice, onGap };
    let set = this.channels.get(channel);
    if (!set) {
      set = new Set();
      this.channels.set(channel, set);
      await (await this.connected()).query(`listen ${channel}`);
    }
    set.add(listener);
    return async () => {
      set.delete(listener);
      if (!set.size && this.channels.get(channel) === set) {
        this.channels.delete(channel);
        await this.client?.query(`unlisten ${channel}`).catch(() => undefined);
      }
    };
  }

  /** The connection is open (it may be between a break and its reopening). */
  get up(): boolean {
    return this.client !== null && !this.closed;
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private connected(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.open().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async open(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('notification', (n) => {
      for (const l of this.channels.get(n.channel) ?? []) l.onNotice(n.payload ?? '');
    });
    client.on('error', (err) => {
      console.warn(`[db] the LISTEN connection broke: ${err.message}`);
      this.reopen(client);
    });
    client.on('end', () => this.reopen(client));
    try {
      await client.connect();
      for (const channel of this.channels.keys()) await client.query(`listen ${channel}`);
    } catch (err) {
      await client.end().catch(() => undefined); // a half-opened connection is closed, not left behind
      throw err;
    }
    this.client = client;
    this.retryMs = RETRY_MIN_MS;
    return client;
  }

  /** The connection is gone: open another after a pause, then tell every listener notices may be lost. */
  private reopen(broken: pg.Client): void {
    if (this.closed || this.client !== broken) return;
    this.client = null;
    const retry = () => {
      if (this.closed) return;
      this.connected().then(
        () => {
          for (const set of this.channels.values()) for (const l of set) l.onGap?.();
        },
        () => {
          this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
          setTimeout(retry, this.retryMs);
        },
      );
    };
    setTimeout(retry, this.retryMs);
  }
}
