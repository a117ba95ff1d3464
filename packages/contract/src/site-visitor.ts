import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * How the site's server tells the API whom it calls for. The site's calls all come from the
 * site's own address; the visitor's address goes in this header, signed with the key the site
 * and the API share (SITE_KEY), so the API counts its per-visitor limits by the visitor and no
 * one else can name an address: a browser calling the API directly does not have the key.
 *
 * The value is `<address>;<unix seconds>;<signature>`: HMAC-SHA256 of the first two parts,
 * base64url. A signature is good for SITE_VISITOR_MAX_AGE_SECONDS either way of the API's clock.
 */
export const SITE_VISITOR_HEADER = 'x-eventsite-visitor';
export const SITE_VISITOR_MAX_AGE_SECONDS = 300;
/** The shortest SITE_KEY taken (a random secret: openssl rand -base64 48). */
export const MIN_SITE_KEY_LENGTH = 32;

/** An IPv4 or IPv6 address as written in X-Forwarded-For (no port, no brackets). */
const ADDRESS = /^[0-9A-Fa-f.:]{2,45}$/;

function signature(key: string, signed: string): string {
  return createHmac('sha256', key).update(signed).digest('base64url');
}

/** The header's value for `address`, or null when it is not an address. */
export function signVisitor(address: string, key: string, now = Date.now()): string | null {
  if (!ADDRESS.test(address)) return null;
  const signed = `${address};${Math.floor(now / 1000)}`;
  return `${signed};${signature(key, signed)}`;
}

/** Why a header was not believed. */
export type VisitorHeaderProblem = 'malformed' | 'signature' | 'expired';

/**
 * The address a header names, when it is well formed, signed with `key` and recent; else the
 * problem.
 */
export function verifyVisitor(
  header: string,
  key: string,
  now = Date.now(),
): { address: string } | { problem: VisitorHeaderProblem } {
  const parts = header.split(';');
  if (parts.length !== 3) return { problem: 'malformed' };
  const [address, seconds, given] = parts as [string, string, string];
  if (!ADDRESS.test(address) || !/^\d{1,12}$/.test(seconds) || !/^[\w-]{43}$/.test(given))
    return { problem: 'malformed' };
  const expected = Buffer.from(signature(key, `${address};${seconds}`));
  if (!timingSafeEqual(expected, Buffer.from(given))) return { problem: 'signature' };
  if (Math.abs(now / 1000 - Number(seconds)) > SITE_VISITOR_MAX_AGE_SECONDS)
    return { problem: 'expired' };
  return { address };
}
