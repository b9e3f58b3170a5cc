// A stand-in 1C for the tests and the bench: it speaks to the shop's /exchange/1c over HTTP in the very sequence 1C's
// "exchange with a site" sends: checkauth with HTTP Basic, the session cookie on every later call, init
// (zip=yes, file_limit), the package zipped and posted in pieces no bigger than file_limit (or smaller, as
// asked), import of each file, called again while the shop answers «progress», complete; and for orders
// query (CommerceML in the encoding the shop names), success, and file with 1C's answer.
import iconv from 'iconv-lite';
import yazl from 'yazl';

export interface Answer {
  status: number;
  text: string;
  bytes: Buffer;
  headers: Headers;
}

export interface ImportResult {
  /** The last answer's first line: success or failure. */
  result: string;
  /** What followed it (a failure's reason). */
  reason: string;
  /** The «progress» answers before it. */
  progress: string[];
}

/** A file of a package as 1C sends it. */
export interface Package {
  name: string;
  bytes: Buffer;
}

/** The exchange's login of the end-to-end run's shop (playwright.config.ts), as the owner would type it into 1C. */
export const E2E_EXCHANGE = { login: 'moreimoda-1c', password: 'Obmen-E2E-2026', priceType: 'Розничная' } as const;

export const exchangeEnv = () => ({
  EXCHANGE_LOGIN: E2E_EXCHANGE.login,
  EXCHANGE_PASSWORD: E2E_EXCHANGE.password,
  EXCHANGE_PRICE_TYPE: E2E_EXCHANGE.priceType,
});

/** Zips the files as 1C does: the packages and the pictures under import_files/. */
export function zipOf(files: Record<string, Buffer>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, bytes] of Object.entries(files)) zip.addBuffer(bytes, name);
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

export class StandIn1C {
  private cookie = '';
  fileLimit = 0;

  /** The session's token the shop gave at checkauth ('' before). */
  get session(): string {
    return this.cookie.split('=')[1] ?? '';
  }

  constructor(
    private readonly base: string,
    private readonly login: string,
    private readonly password: string,
    /** Pieces smaller than file_limit (1C's own setting may be lower than the site's). */
    private readonly pieceBytes = Infinity,
  ) {}

  async call(query: string, body?: Buffer, auth = false): Promise<Answer> {
    const headers: Record<string, string> = { 'user-agent': '1C+Enterprise/8.3' };
    if (auth) headers.authorization = `Basic ${Buffer.from(`${this.login}:${this.password}`).toString('base64')}`;
    if (this.cookie) headers.cookie = this.cookie;
    if (body) headers['content-type'] = 'application/octet-stream';
    const res = await fetch(`${this.base}/exchange/1c?${query}`, {
      method: body ? 'POST' : 'GET',
      headers,
      body: body ? new Uint8Array(body) : undefined,
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    const charset = /charset=([\w-]+)/i.exec(res.headers.get('content-type') ?? '')?.[1]?.toLowerCase() ?? 'utf-8';
    const text = charset === 'windows-1251' ? iconv.decode(bytes, 'win1251') : bytes.toString('utf8');
    return { status: res.status, text, bytes, headers: res.headers };
  }

  /** checkauth: the session cookie from the answer's second and third lines. */
  async checkauth(type: 'catalog' | 'sale'): Promise<Answer> {
    const answer = await this.call(`type=${type}&mode=checkauth`, undefined, true);
    const [word, name, value] = answer.text.split('\n');
    if (word === 'success') this.cookie = `${name}=${value}`;
    return answer;
  }

  async init(type: 'catalog' | 'sale'): Promise<Answer> {
    const answer = await this.call(`type=${type}&mode=init`);
    const limit = /file_limit=(\d+)/.exec(answer.text);
    if (limit) this.fileLimit = Number(limit[1]);
    return answer;
  }

  /** Posts a file in pieces (each appended by the shop); the last answer. */
  async upload(type: 'catalog' | 'sale', name: string, bytes: Buffer): Promise<Answer> {
    const piece = Math.min(this.fileLimit || Infinity, this.pieceBytes);
    let last: Answer | undefined;
    for (let at = 0; at < bytes.length || at === 0; at += piece) {
      last = await this.call(`type=${type}&mode=file&filename=${encodeURIComponent(name)}`, bytes.subarray(at, at + piece));
      if (!last.text.startsWith('success')) return last;
      if (bytes.length === 0) break;
    }
    return last!;
  }

  /** mode=import, called again while the shop answers «progress». */
  async import(name: string, maxCalls = 600): Promise<ImportResult> {
    const progress: string[] = [];
    for (let i = 0; i < maxCalls; i++) {
      const answer = await this.call(`type=catalog&mode=import&filename=${encodeURIComponent(name)}`);
      const [word, ...rest] = answer.text.split('\n');
      if (word !== 'progress') return { result: word, reason: rest.join('\n').trim(), progress };
      progress.push(rest.join('\n').trim());
    }
    throw new Error(`the import of ${name} still answers progress after ${maxCalls} calls`);
  }

  /**
   * A whole catalogue exchange: checkauth, init, the packages and pictures zipped (or each posted as it is),
   * import of each package in order, complete. The import results, by file.
   */
  async exchangeCatalogue(
    packages: Package[],
    /** keep: leave the session open (no complete), for a deactivate after; importCalls: the most import calls a package. */
    opts: { zip?: boolean; pictures?: Record<string, Buffer>; keep?: boolean; importCalls?: number } = {},
  ): Promise<ImportResult[]> {
    const auth = await this.checkauth('catalog');
    if (!auth.text.startsWith('success')) throw new Error(`checkauth: ${auth.status} ${auth.text}`);
    await this.init('catalog');
    const files = { ...Object.fromEntries(packages.map((p) => [p.name, p.bytes])), ...opts.pictures };
    if (opts.zip ?? true) {
      const up = await this.upload('catalog', 'package.zip', await zipOf(files));
      if (!up.text.startsWith('success')) throw new Error(`upload: ${up.text}`);
    } else {
      for (const [name, bytes] of Object.entries(files)) {
        const up = await this.upload('catalog', name, bytes);
        if (!up.text.startsWith('success')) throw new Error(`upload of ${name}: ${up.text}`);
      }
    }
    const results: ImportResult[] = [];
    for (const p of packages) results.push(await this.import(p.name, opts.importCalls));
    if (!opts.keep) await this.call('type=catalog&mode=complete');
    return results;
  }

  /** type=sale&mode=query after checkauth and init: the shop's orders document, decoded. */
  async queryOrders(): Promise<Answer> {
    const auth = await this.checkauth('sale');
    if (!auth.text.startsWith('success')) throw new Error(`checkauth: ${auth.status} ${auth.text}`);
    await this.init('sale');
    return this.call('type=sale&mode=query');
  }

  async ordersTaken(): Promise<Answer> {
    return this.call('type=sale&mode=success');
  }

  /** type=sale&mode=file with 1C's orders, in a session of its own unless one is open. */
  async sendOrders(pkg: Package): Promise<Answer> {
    if (!this.cookie) {
      const auth = await this.checkauth('sale');
      if (!auth.text.startsWith('success')) throw new Error(`checkauth: ${auth.status} ${auth.text}`);
      await this.init('sale');
    }
    return this.upload('sale', pkg.name, pkg.bytes);
  }
}
