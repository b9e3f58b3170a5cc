// nginx serving fixed bytes on loopback: the yardstick the load section compares the shop with ("the same
// answer as a static file"). Null when nginx is not installed (apt-get install -y nginx-light).
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/shop-process.ts';

export interface StaticServer {
  url: string;
  stop(): Promise<void>;
}

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'];

export function nginxPath(): string | null {
  return NGINX.find((p) => spawnSync(p, ['-v']).status === 0) ?? null;
}

/** Serves each file (path -> bytes) as application/json, the way a shop behind nginx would serve a static answer. */
export async function startNginx(files: Record<string, Buffer>): Promise<StaticServer | null> {
  const bin = nginxPath();
  if (!bin) return null;
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-nginx-'));
  // nginx's workers drop root: they must be able to read the files.
  chmodSync(dir, 0o755);
  for (const [name, body] of Object.entries(files)) {
    const file = path.join(dir, 'www', name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, body, { mode: 0o644 });
    chmodSync(path.dirname(file), 0o755);
  }
  const port = await freePort();
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  default_type application/json;
  client_body_temp_path ${dir}/tmp-body;
  proxy_temp_path ${dir}/tmp-proxy;
  fastcgi_temp_path ${dir}/tmp-fastcgi;
  uwsgi_temp_path ${dir}/tmp-uwsgi;
  scgi_temp_path ${dir}/tmp-scgi;
  server {
    listen 127.0.0.1:${port};
    root ${dir}/www;
    location / { }
  }
}
`,
  );
  const child = spawn(bin, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  const [first] = Object.keys(files);
  for (let i = 0; ; i++) {
    try {
      const res = await fetch(url + first);
      if (!res.ok) throw new Error(`nginx answered ${res.status} for ${first}`);
      break;
    } catch (err) {
      if (i > 100) throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGQUIT');
      }),
  };
}
