// What the database announces about the catalogue, for the caches of this process: the catalogue version
// (read at start, then every bump of NOTIFY catalogue_version) and the products whose variants changed
// (NOTIFY product_stock, migration 004). When the listening connection was lost, the version is read again
// and every product counts as changed, since notices may have been missed meanwhile. A route that has just
// changed the catalogue catches up before it answers (catchUp): the notice of its own commit may still be on
// its way, and whoever asked next would be answered from the caches as they were.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface CatalogueListener {
  /** The catalogue version now (a bump: everything derived from the catalogue is stale). Never smaller. */
  version(version: number): void;
  /** These products' variants changed; 'all' when a notice named too many or notices may have been lost. */
  products(ids: number[] | 'all'): void;
}

export class CatalogueNotices {
  private current = 0;
  private readonly listeners: CatalogueListener[] = [];

  /** `readVersion`: the catalogue version as the database has it now. */
  constructor(private readonly readVersion: () => Promise<number | null>) {}

  /** Takes the version the database has now, without waiting for its notice (after this process's own change). */
  async catchUp(): Promise<void> {
    const version = await this.readVersion();
    if (version !== null) this.version(version);
  }

  /** Adds a listener; it hears the current version at once. */
  subscribe(listener: CatalogueListener): void {
    this.listeners.push(listener);
    listener.version(this.current);
  }

  version(version: number): void {
    if (!(version > this.current)) return;
    this.current = version;
    for (const l of this.listeners) l.version(version);
  }

  products(ids: number[] | 'all'): void {
    for (const l of this.listeners) l.products(ids);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    catalogueNotices: CatalogueNotices;
  }
}

async function catalogueNotices(app: FastifyInstance): Promise<void> {
  const notices = new CatalogueNotices(async () => {
    const [row] = await app.db.query<{ version: string | number }>('select version from catalogue_version');
    return row ? Number(row.version) : null;
  });
  app.decorate('catalogueNotices', notices);
  const gap = () => {
    notices.products('all');
    void notices.catchUp().catch((err: unknown) => app.log.warn({ err }, 'catalogue version not read after a gap'));
  };
  // Both channels share one connection, so a gap (notices lost with it) is heard once, on the first.
  const unlisten = [
    await app.db.listen('catalogue_version', (payload) => notices.version(Number(payload)), gap),
    await app.db.listen('product_stock', (payload) => notices.products(payload === '*' ? 'all' : payload.split(',').map(Number))),
  ];
  await notices.catchUp();
  app.addHook('onClose', async () => {
    for (const stop of unlisten) await stop().catch(() => undefined);
  });
}

export default fp(catalogueNotices, { name: 'catalogue-notices' });
