import { isHttpUrl } from '@eventsite/contract/constants';

export { isHttpUrl };

/** The URL when it is an absolute http(s) URL, otherwise null: the only kind that becomes a link. */
export function httpUrlOrNull(value: unknown): string | null {
  return isHttpUrl(value) ? new URL(value.trim()).toString() : null;
}
