// The repository's own proxy (deploy/nginx.conf) run by this machine's nginx in front of shop processes on
// loopback: the file as it is, with only what names the production host replaced (the processes' addresses,
// the ports, the certificate, made here by openssl for 127.0.0.1). A replacement that no longer finds its
// line fails loudly, so the test never runs a config that drifted from the one deployed.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const DEPLOYED = fileURLToPath(new URL('../../deploy/nginx.conf', import.meta.url));

export interface NginxInFront {
  /** https://127.0.0.1:port, with a certificate of its own (clients must not check it). */
  url: string;
  /** What nginx has logged so far (warnings and errors: a peer refused, no live upstreams). */
  errorLog(): string;
  stop(): Promise<void>;
}

function replaceOnce(text: string, pattern: RegExp, by: string): string {
  if (!pattern.test(text)) throw new Error(`deploy/nginx.conf no longer has a line matching ${pattern}`);
  return text.replace(pattern, by);
}

/** The deployed config with the test's addresses: `upstreams` in the order of shop-1, shop-2. */
export function localConfig(upstreams: string[], ports: { http: number; https: number }, certDir: string): string {
  let conf = readFileSync(DEPLOYED, 'utf8');
  upstreams.forEach((address, i) => (conf = replaceOnce(conf, new RegExp(`server shop-${i + 1}:8080`), `server ${address}`)));
  conf = replaceOnce(conf, /listen 80;/, `listen 127.0.0.1:${ports.http};`);
  conf = replaceOnce(conf, /listen 443 ssl( http2)?;/, `listen 127.0.0.1:${ports.https} ssl$1;`);
  conf = replaceOnce(conf, /\/etc\/nginx\/certs\/fullchain\.pem/, path.join(certDir, 'cert.pem'));
  conf = replaceOnce(conf, /\/etc\/nginx\/certs\/privkey\.pem/, path.join(certDir, 'key.pem'));
  return conf;
}

export async function startNginx(upstreams: string[], ports: { http: number; https: number }): Promise<NginxInFront> {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-nginx-'));
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1',
    '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'),
  ], { stdio: 'ignore' }); // prettier-ignore
  writeFileSync(path.join(dir, 'shop.conf'), localConfig(upstreams, ports, dir));
  // The main file Debian's or the image's nginx would have around it, with every path in the test's folder.
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  include ${dir}/shop.conf;
}
`,
  );
  execFileSync('nginx', ['-t', '-q', '-p', dir, '-e', path.join(dir, 'error.log'), '-c', path.join(dir, 'nginx.conf')]);
  const child: ChildProcess = spawn('nginx', ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', path.join(dir, 'nginx.conf')], {
    stdio: 'ignore',
  });
  const url = `https://127.0.0.1:${ports.https}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${readFileSync(path.join(dir, 'error.log'), 'utf8')}`);
    try {
      execFileSync('openssl', ['s_client', '-connect', `127.0.0.1:${ports.https}`], {
        input: '',
        stdio: ['pipe', 'ignore', 'ignore'],
        timeout: 2000,
      });
      break;
    } catch {
      if (Date.now() > deadline) throw new Error('nginx did not start listening within 10 s');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    errorLog: () => readFileSync(path.join(dir, 'error.log'), 'utf8'),
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => {
          if (!process.env.KEEP_NGINX_DIR) rmSync(dir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGQUIT'); // nginx's graceful stop
      }),
  };
}
