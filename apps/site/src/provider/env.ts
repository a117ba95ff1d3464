import { isHttpUrl } from '@eventsite/contract/constants';
import { MIN_SITE_KEY_LENGTH } from '@eventsite/contract/site-visitor';

export const DEFAULT_API_URL = 'http://127.0.0.1:4000';

function baseFrom(value: string | undefined, name: string, fallback: string): string {
  const raw = (value ?? '').trim();
  if (raw === '') return fallback;
  if (!isHttpUrl(raw)) {
    console.error(`${name} must be an absolute http:// or https:// URL; using ${fallback}`);
    return fallback;
  }
  return raw.replace(/\/+$/, '');
}

/**
 * The provider API as the site's server reaches it. Read on every call, never at build time:
 * one build serves any deployment.
 */
export function apiUrl(): string {
  return baseFrom(process.env.API_URL, 'API_URL', DEFAULT_API_URL);
}

/**
 * The provider API as visitors' browsers reach it (photos, the gallery's pages, the contact
 * form). The same as API_URL unless the API sits behind another public address.
 */
export function publicApiUrl(): string {
  return baseFrom(process.env.PUBLIC_API_URL, 'PUBLIC_API_URL', apiUrl());
}

/** Where 'Powered by eventsite' links. */
export function providerUrl(): string {
  return baseFrom(process.env.PROVIDER_URL, 'PROVIDER_URL', publicApiUrl());
}

/**
 * The key the site signs its visitors' addresses with for the API (SITE_KEY, the same as the
 * API's; `npm start` makes one for both), or undefined: then the API counts every visitor of the
 * site as the site, unless it trusts the site as a proxy (TRUST_PROXY). Read on every call.
 */
export function siteKey(): string | undefined {
  const key = (process.env.SITE_KEY ?? '').trim();
  if (key === '') return undefined;
  if (key.length < MIN_SITE_KEY_LENGTH) {
    if (!warnedShortKey)
      console.error(
        `SITE_KEY must be at least ${MIN_SITE_KEY_LENGTH} characters; visitors are not named to the API`,
      );
    warnedShortKey = true;
    return undefined;
  }
  return key;
}
let warnedShortKey = false;
