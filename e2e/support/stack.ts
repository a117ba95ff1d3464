import type { AllEvents, EventSummary, OrganiserData } from '@eventsite/contract';
import { request } from 'node:http';

/** What e2e/run.ts started: read from the environment it passes to the tests. */
export const sitePort = Number(process.env.E2E_SITE_PORT ?? 3000);
export const apiUrl = process.env.E2E_API_URL ?? 'http://127.0.0.1:4000';

export const HOSTS = ['localhost', 'trail.localhost'] as const;
export type Host = (typeof HOSTS)[number];

export function siteUrl(host: string, pathname = '/'): string {
  return `http://${host}:${sitePort}${pathname}`;
}

export async function apiData<T>(pathname: string): Promise<T> {
  const res = await fetch(`${apiUrl}${pathname}`);
  const body = (await res.json()) as { status: string; data: T; message: string };
  if (!res.ok || body.status !== 'success') throw new Error(`${pathname}: ${res.status} ${body.message}`);
  return body.data;
}

/** The server's HTML for a host, as a crawler or a link preview sees it: no JavaScript runs. */
export function serverHtml(host: string, pathname: string): Promise<{ status: number; html: string; link: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: sitePort, path: pathname, headers: { host: `${host}:${sitePort}` } },
      (res) => {
        let html = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (html += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, html, link: String(res.headers.link ?? '') }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

export function metaContent(html: string, key: string): string | undefined {
  const re = new RegExp(`<meta[^>]+(?:property|name)="${key.replace(/[:.]/g, '\\$&')}"[^>]*>`, 'i');
  const tag = html.match(re)?.[0];
  return tag?.match(/content="([^"]*)"/i)?.[1];
}

export type { AllEvents, EventSummary, OrganiserData };
