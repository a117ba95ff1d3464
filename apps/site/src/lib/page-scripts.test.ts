import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GTM_SNIPPET, GTM_SNIPPET_HASH, pageScriptPolicy, scriptSources, withIntegrity, withPagePolicy } from './page-scripts.mjs';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const scriptSrc = (policy: string) => policy.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src ')) ?? '';

const PAGE = [
  '<!DOCTYPE html><html><head>',
  '<script src="/_next/static/chunks/a.js" async="" integrity="sha256-AAAA+/bb=" crossorigin=""></script>',
  '<script src="/_next/static/chunks/b.js"></script>',
  '<script type="application/ld+json">{"@type":"Event"}</script>',
  '</head><body><main>Caf\u00e9 <b>photos</b></main>',
  '<script>(self.__next_f=self.__next_f||[]).push([0])</script>',
  '<script>self.__next_f.push([1,"caf\u00e9 \\u003c/script>"])</script>',
  '<script nonce="abc" type="module">import("/x.js")</script>',
  '</body></html>',
].join('');

describe("a kept page's script policy", () => {
  it('names each inline script by the SHA-256 of its text and each script file by its integrity', () => {
    const sources = scriptSources(PAGE);
    expect(sources).toEqual([
      "'sha256-AAAA+/bb='",
      sha('(self.__next_f=self.__next_f||[]).push([0])'),
      sha('self.__next_f.push([1,"caf\u00e9 \\u003c/script>"])'),
      sha('import("/x.js")'),
    ]);
  });

  it('leaves out what a browser never runs, and a script file without its hash (refused)', () => {
    const sources = scriptSources(PAGE);
    expect(sources).not.toContain(sha('{"@type":"Event"}'));
    expect(sources.join(' ')).not.toContain('b.js');
  });

  it("runs only those scripts, what they load and the tag manager's snippet; never inline code or eval", () => {
    const policy = pageScriptPolicy(PAGE);
    const scripts = scriptSrc(policy).split(' ');
    expect(scripts).toContain("'strict-dynamic'");
    expect(scripts).toContain("'wasm-unsafe-eval'");
    expect(scripts).toContain(GTM_SNIPPET_HASH);
    expect(GTM_SNIPPET_HASH).toBe(sha(GTM_SNIPPET));
    for (const source of scriptSources(PAGE)) expect(scripts).toContain(source);
    for (const loose of ["'unsafe-inline'", "'unsafe-eval'", "'self'", 'https:', '*'])
      expect(scripts).not.toContain(loose);
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'self'");
  });

  it("gives the build's script files their hash from the SRI manifest, and leaves others as they are", () => {
    const manifest: Record<string, string> = { 'static/chunks/b.js': 'sha256-BBBB=' };
    const html = withIntegrity(PAGE, (file) => manifest[file]);
    expect(html).toContain('<script src="/_next/static/chunks/b.js" integrity="sha256-BBBB=">');
    expect(html).toContain('integrity="sha256-AAAA+/bb="');
    expect(html.match(/integrity=/g)).toHaveLength(2);
    expect(scriptSources(html)).toContain("'sha256-BBBB='");
    expect(withIntegrity('<script src="/_next/static/chunks/z.js"></script>', () => undefined)).toBe('<script src="/_next/static/chunks/z.js"></script>');
  });

  it('goes with a page as it is stored, on the very headers answered with it', () => {
    const headers: Record<string, string> = { 'x-next-cache-tags': 'a,b' };
    const entry = { kind: 'APP_PAGE', html: PAGE, headers, status: 200 };
    expect(withPagePolicy(entry, (file) => (file === 'static/chunks/b.js' ? 'sha256-BBBB=' : undefined))).toBe(entry);
    expect(entry.html).toContain('chunks/b.js" integrity="sha256-BBBB="');
    expect(headers['content-security-policy']).toBe(pageScriptPolicy(entry.html));
    expect(headers['content-security-policy']).toContain("'sha256-BBBB='");
    expect(headers['x-next-cache-tags']).toBe('a,b');
    const fetched = { kind: 'FETCH', data: { body: '<script>x</script>' } };
    expect(withPagePolicy(fetched)).toEqual({ kind: 'FETCH', data: { body: '<script>x</script>' } });
  });
});
