import { isHttpUrl } from '@eventsite/contract/constants';

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
