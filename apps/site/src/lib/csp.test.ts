import { NextRequest } from 'next/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { proxy } from '../proxy';
import { contentSecurityPolicy, newNonce } from './csp';
import { GTM_SNIPPET_HASH } from './page-scripts.mjs';

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
    expect(scripts).toContain(GTM_SNIPPET_HASH);
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

  it("for a kept page, says where scripts may come from and leaves which run to the page's own policy", () => {
    const policy = contentSecurityPolicy({ nonce: null, apiOrigin: 'https://api.example.com' });
    const scripts = directive(policy, 'script-src');
    expect(scripts).not.toContain("'nonce-");
    expect(scripts).not.toContain("'unsafe-eval'");
    expect(scripts).toContain("'wasm-unsafe-eval'");
    // Everything else is the same as a page's rendered per request.
    const perRequest = contentSecurityPolicy({ nonce: 'n', apiOrigin: 'https://api.example.com' });
    const others = (p: string) => p.split(';').map((d) => d.trim()).filter((d) => !d.startsWith('script-src'));
    expect(others(policy)).toEqual(others(perRequest));
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

  it('on a page rendered per request and on the request Next.js renders, with a nonce of its own each time', () => {
    const answer = () => {
      const response = proxy(
        new NextRequest('http://photos.example.com/events/run-7/promo', {
          headers: { host: 'photos.example.com', 'content-security-policy': "script-src 'nonce-chosen'" },
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
    expect(a.headers.get('x-middleware-request-content-security-policy')).toBe(policy);
  });

  it('on a kept page without a nonce, and the page is rendered without one, whatever the visitor sent', () => {
    for (const path of ['/', '/events', '/events?page=2', '/promo', '/contact-us', '/events/run-7/photos']) {
      const response = proxy(
        new NextRequest(`http://photos.example.com${path}`, {
          headers: { host: 'photos.example.com', 'content-security-policy': "script-src 'nonce-chosen'" },
        }),
      );
      if (response instanceof Promise) throw new Error('unexpected');
      const policy = response.headers.get('content-security-policy') ?? '';
      expect(policy, path).not.toContain("'nonce-");
      expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'none'");
      expect(response.headers.get('x-middleware-request-content-security-policy'), path).toBeNull();
      expect(response.headers.get('x-middleware-override-headers')?.split(','), path).not.toContain('content-security-policy');
    }
  });
});
