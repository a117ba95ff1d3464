import { DOMAIN_PATTERN } from '@eventsite/contract/constants';

/** What local hosts send as app_domain. */
export const LOCAL_APP_DOMAIN = 'localhost';

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const IPV6_CHARS = /^[0-9a-f:.]+$/;

function isIpv6(value: string): boolean {
  if (!IPV6_CHARS.test(value) || !value.includes(':')) return false;
  try {
    // The URL parser is the reference implementation of what an IPv6 literal is.
    return new URL(`http://[${value}]/`).hostname.length > 2;
  } catch {
    return false;
  }
}

/** True for `localhost` and IP literals: these hosts send `localhost`. */
export function isLocalHostName(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || IPV4.test(h) || isIpv6(h);
}

/**
 * The organiser's app_domain from a Host header: host name without port, lowercased;
 * `localhost` and IP literals give `localhost`; anything that is not a host name gives null,
 * so that it can never reach a URL or the page. `trail.localhost` is a name like any other.
 */
export function appDomainFromHost(host: string | null | undefined): string | null {
  if (typeof host !== 'string') return null;
  let h = host.trim().toLowerCase();
  if (h === '' || h.length > 300) return null;
  if (h.startsWith('[')) {
    const end = h.indexOf(']');
    if (end < 0) return null;
    const rest = h.slice(end + 1);
    if (rest !== '' && !/^:\d{1,5}$/.test(rest)) return null;
    return isIpv6(h.slice(1, end)) ? LOCAL_APP_DOMAIN : null;
  }
  const colons = h.split(':').length - 1;
  if (colons > 1) return isIpv6(h) ? LOCAL_APP_DOMAIN : null;
  if (colons === 1) {
    const [name, port] = h.split(':') as [string, string];
    if (!/^\d{1,5}$/.test(port)) return null;
    h = name;
  }
  if (h.endsWith('.')) h = h.slice(0, -1);
  if (h === 'localhost' || IPV4.test(h)) return LOCAL_APP_DOMAIN;
  return DOMAIN_PATTERN.test(h) ? h : null;
}

/** Guards the `[domain]` route segment: only what `appDomainFromHost` can produce. */
export function isAppDomain(value: string): boolean {
  return value === LOCAL_APP_DOMAIN || DOMAIN_PATTERN.test(value);
}
