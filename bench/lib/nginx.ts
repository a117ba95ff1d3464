/**
 * nginx (Debian's nginx-light) serving one folder with one worker, configured in a temp dir:
 * the reference for static file serving. Installed with apt-get when missing and running as root.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { freePort, run, start, type Started, waitForHttp } from './proc.js';

export const NGINX = '/usr/sbin/nginx';

/** Installs wrk and nginx-light when missing (root only); returns what is still missing. */
export async function ensureTools(): Promise<string[]> {
  const missing = () => [
    ...(existsSync('/usr/bin/wrk') ? [] : ['wrk']),
    ...(existsSync(NGINX) ? [] : ['nginx-light']),
  ];
  if (missing().length === 0) return [];
  if (process.getuid?.() === 0) {
    console.log(`Installing ${missing().join(', ')} with apt-get...`);
    let result = await run('apt-get', ['install', '-y', '--no-install-recommends', ...missing()], {
      timeoutMs: 300_000,
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (result.code !== 0) {
      await run('apt-get', ['update'], { timeoutMs: 300_000 });
      result = await run('apt-get', ['install', '-y', '--no-install-recommends', ...missing()], {
        timeoutMs: 300_000,
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
    }
  }
  return missing();
}

export interface Nginx {
  port: number;
  proc: Started;
  stop(): Promise<void>;
}

/** Serves `root` on 127.0.0.1 with worker_processes 1. */
export async function startNginx(
  dir: string,
  root: string,
  mime: Record<string, string>,
): Promise<Nginx> {
  const port = await freePort();
  const prefix = path.join(dir, 'nginx');
  mkdirSync(path.join(prefix, 'logs'), { recursive: true });
  const types = Object.entries(mime)
    .map(([ext, type]) => `${type} ${ext};`)
    .join(' ');
  const conf = `
worker_processes 1;
daemon off;
master_process on;
${process.getuid?.() === 0 ? 'user root;' : ''}
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  open_file_cache max=100;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  types { ${types} }
  server {
    listen 127.0.0.1:${port};
    root ${root};
  }
}
`;
  const file = path.join(prefix, 'nginx.conf');
  writeFileSync(file, conf);
  const proc = start(NGINX, ['-p', prefix, '-c', file, '-e', path.join(prefix, 'logs/error.log')], {
    name: 'nginx',
  });
  await waitForHttp(`http://127.0.0.1:${port}/`, { proc, timeoutMs: 15_000 });
  return { port, proc, stop: () => proc.stop() };
}
