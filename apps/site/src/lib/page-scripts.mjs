// The scripts a kept page may run, named by their hashes (docs/security.md, "The site's pages").
//
// A page kept for every visitor (Home, the lists, a gallery) cannot carry a per-request nonce.
// Its HTML is fixed once rendered, so its scripts are known: each inline script by the SHA-256 of
// its text, each script file by the SHA-256 of its bytes (Next.js writes it as the script's
// `integrity` attribute, experimental.sri). The page cache (page-cache.mjs) reads them from the
// page when it is stored and keeps the policy with it; a browser then runs those scripts, what they
// load ('strict-dynamic'), and nothing else.
//
// Plain JavaScript: the page cache is loaded by Next.js by its path, unbundled; the site's own code
// imports it too (lib/csp.ts, the tag manager's snippet).
import { createHash } from 'node:crypto';
import { GTM_SNIPPET } from './gtm-snippet.mjs';

export { GTM_SNIPPET };

/** A CSP hash source of a script's text: 'sha256-<base64>'. */
export function hashSource(text) {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

export const GTM_SNIPPET_HASH = hashSource(GTM_SNIPPET);

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const ATTRIBUTE = (name) => new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i');
const INTEGRITY_TOKEN = /^sha(256|384|512)-[A-Za-z0-9+/]+={0,2}$/;
/** Script types a browser runs; any other (JSON data, templates) is never a script. */
const RUNNABLE = new Set(['', 'text/javascript', 'application/javascript', 'module']);

function attribute(attributes, name) {
  const match = ATTRIBUTE(name).exec(attributes);
  return match ? (match[1] ?? match[2] ?? match[3] ?? '') : null;
}

/**
 * The hash sources of every script of a page's HTML: an inline script by its text; a script file
 * by its `integrity` hashes. A script file without them is missing from the list, so it is
 * refused: the build must write them (next.config.ts, experimental.sri).
 */
export function scriptSources(html) {
  const sources = new Set();
  for (const [, attributes, body] of html.matchAll(SCRIPT)) {
    const type = (attribute(attributes, 'type') ?? '').trim().toLowerCase();
    if (!RUNNABLE.has(type)) continue;
    if (attribute(attributes, 'src') !== null) {
      for (const token of (attribute(attributes, 'integrity') ?? '').split(/\s+/))
        if (INTEGRITY_TOKEN.test(token)) sources.add(`'${token}'`);
    } else {
      sources.add(hashSource(body));
    }
  }
  return [...sources];
}

/**
 * The policy of a kept page: its own scripts and the tag manager's snippet, what they load
 * ('strict-dynamic'), WebAssembly for the selfie search's models; never inline code or `eval`
 * otherwise. Where anything else may come from is the proxy's policy, sent beside it (a browser
 * enforces both).
 */
export function pageScriptPolicy(html) {
  return [
    `script-src 'strict-dynamic' 'wasm-unsafe-eval' ${GTM_SNIPPET_HASH} ${scriptSources(html).join(' ')}`.trim(),
    "object-src 'none'",
    "base-uri 'self'",
  ].join('; ');
}

const BUILD_SCRIPT = /<script\b([^>]*?)\ssrc="\/_next\/(static\/[^"?#]+\.js)"([^>]*)>/gi;

/**
 * The page with the build's hash on each of its script files that lacks one (`integrity`, from
 * Next.js's SRI manifest: `static/chunks/x.js` → `sha256-…`). Next.js writes the manifest, but not
 * every script tag of an App Router page carries it; a file the manifest does not know is left as
 * it is (and so refused by the page's policy).
 */
export function withIntegrity(html, integrityOf) {
  return html.replace(BUILD_SCRIPT, (tag, before, file, after) => {
    if (/\sintegrity=/i.test(before + after)) return tag;
    const integrity = integrityOf(file);
    return integrity ? tag.replace(/>$/, ` integrity="${integrity}">`) : tag;
  });
}

/**
 * Adds its policy to a page entry as it is stored (Next.js's APP_PAGE entries: `html` and the
 * headers answered with it), after giving its script files their hashes (`integrityOf`, see
 * withIntegrity). The object is changed in place: the entry of a page's first render is the one
 * answered to that request, so it carries both too.
 */
export function withPagePolicy(data, integrityOf = () => undefined) {
  if (!data || data.kind !== 'APP_PAGE' || typeof data.html !== 'string') return data;
  data.html = withIntegrity(data.html, integrityOf);
  data.headers ??= {};
  data.headers['content-security-policy'] = pageScriptPolicy(data.html);
  return data;
}
