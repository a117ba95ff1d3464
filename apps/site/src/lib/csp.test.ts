import { NextRequest } from 'next/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { proxy } from '../proxy';
import { contentSecurityPolicy, newNonce } from './csp';

const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `)) ?? '';

describe('the Content-Security-Policy', () => {
  it('runs scripts by nonce only (strict-dynamic), never inline or eval, and lets WebAssembly compile', () => {
    const policy = contentSecurityPolicy({
      nonce: 'abc123==',
      apiOrigin: 'https://api.example.com',
    });
    const scripts = directive(policy, 'script-src');
    expect(scripts).toContain("'nonce-abc123=='");
    expect(scripts).toContain("'strict-dynamic'");
    expect(scripts).toContain("'wasm-unsafe-eval'");
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
    expect(directive(policy, 'worker-src')).toContain('blob:');
    expect(directive(policy, 'connect-src')).toContain('https://api.example.com');
    expect(directive(policy, 'object-src')).toBe("object-src 'none'");
    expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive(policy, 'base-uri')).toBe("base-uri 'self'");
    expect(directive(policy, 'form-action')).toBe("form-action 'self'");
  });

  it('lets the API be reached under each of its loopback names on a local machine', () => {
    const local = contentSecurityPolicy({ nonce: 'n', apiOrigin: 'http://127.0.0.1:4000' });
    for (const name of ['img-src', 'connect-src', 'frame-src', 'media-src']) {
      const values = directive(local, name).split(' ');
      expect(values).toContain('http://127.0.0.1:4000');
      expect(values).toContain('http://localhost:4000');
      expect(values).not.toContain('http://localhost:4001');
      expect(values.some((v) => v.includes('['))).toBe(false);
    }
    const remote = contentSecurityPolicy({ nonce: 'n', apiOrigin: 'https://api.example.com' });
    expect(remote).not.toContain('localhost');
  });

  it('nonces are fresh each time', () => {
    const nonces = new Set(Array.from({ length: 50 }, newNonce));
    expect(nonces.size).toBe(50);
    for (const n of nonces) expect(Buffer.from(n, 'base64')).toHaveLength(16);
  });
});

describe('the proxy sets the policy', () => {
  beforeEach(() => vi.stubEnv('API_URL', 'http://api.test:4000'));
  afterEach(() => vi.unstubAllEnvs());

  it('on the page and on the request Next.js renders, with a nonce of its own each time', () => {
    const answer = () => {
      const response = proxy(
        new NextRequest('http://photos.example.com/events', {
          headers: { host: 'photos.example.com', 'x-nonce': 'chosen-by-visitor' },
        }),
      );
      if (response instanceof Promise) throw new Error('unexpected');
      return response;
    };
    const [a, b] = [answer(), answer()];
    const policy = a.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    expect(b.headers.get('content-security-policy')).not.toBe(policy);
    expect(directive(policy, 'connect-src')).toContain('http://api.test:4000');
    // The request the page is rendered from carries the same nonce, never the visitor's.
    expect(a.headers.get('x-middleware-request-x-nonce')).toBe(nonce);
    expect(a.headers.get('x-middleware-request-content-security-policy')).toBe(policy);
  });
});
