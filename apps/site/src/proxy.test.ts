import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { config, proxy } from './proxy';

function run(url: string, host: string) {
  const request = new NextRequest(url, { headers: { host } });
  return proxy(request);
}

describe('proxy (host → tenant)', () => {
  it('rewrites every path under the organiser’s domain segment', () => {
    const response = run('http://photos.example.com/events?page=2', 'Photos.Example.com:3100');
    expect(new URL(response.headers.get('x-middleware-rewrite')!).pathname).toBe('/photos.example.com/events');
    expect(new URL(response.headers.get('x-middleware-rewrite')!).search).toBe('?page=2');
  });

  it('rewrites the home page and keeps trail.localhost as a name', () => {
    const response = run('http://trail.localhost:3100/', 'trail.localhost:3100');
    expect(new URL(response.headers.get('x-middleware-rewrite')!).pathname).toBe('/trail.localhost');
  });

  it('sends local hosts to localhost', () => {
    for (const host of ['localhost:3100', '127.0.0.1:3100', '[::1]:3100']) {
      const response = run('http://localhost:3100/contact-us', host);
      expect(new URL(response.headers.get('x-middleware-rewrite')!).pathname).toBe('/localhost/contact-us');
    }
  });

  it('answers 400 to a host that is not a host name, without echoing it', async () => {
    const response = run('http://localhost/', 'bad<script>host');
    expect(response.status).toBe(400);
    expect(response.headers.get('x-middleware-rewrite')).toBeNull();
    expect(await response.text()).not.toContain('<script>host');
  });

  it('leaves Next.js assets alone', () => {
    const matcher = new RegExp(`^${config.matcher[0]!.replace('/(', '/(?:')}$`);
    expect(matcher.test('/events')).toBe(true);
    expect(matcher.test('/sitemap.xml')).toBe(true);
    expect(matcher.test('/_next/static/chunk.js')).toBe(false);
    expect(matcher.test('/face-models/human-3.3.6-tfjs-4.22.0/faceres.bin')).toBe(false);
    expect(matcher.test('/events/face-models')).toBe(true);
  });
});
