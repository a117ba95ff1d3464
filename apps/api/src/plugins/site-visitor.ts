import { SITE_VISITOR_HEADER, verifyVisitor } from '@eventsite/contract/site-visitor';
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Whom the request is for, as the per-visitor limits count: the visitor's address the site
     * signed (SITE_KEY) when the site's server calls for a visitor, else the client's address
     * (`request.ip`, X-Forwarded-For from the proxies TRUST_PROXY names).
     */
    visitorAddress: string;
  }
}

const PROBLEMS = {
  malformed: 'is not <address>;<seconds>;<signature>',
  signature: 'is not signed with this API’s SITE_KEY (the site and the API must share one)',
  expired: 'was signed more than 5 minutes away from this API’s clock',
} as const;

/**
 * Sets `request.visitorAddress` before any route or limit looks at it. A header the API cannot
 * believe (no SITE_KEY here, another key, a stale one) is not an error for the visitor: the
 * request counts by its client address, and the first of each kind of such header is logged, since it means the
 * site's visitors all count as the site.
 */
export function installSiteVisitor(app: FastifyInstance, siteKey: string | undefined): void {
  app.decorateRequest('visitorAddress', '');
  const warned = new Set<string>();
  const warnOnce = (message: string) => {
    if (warned.has(message)) return;
    warned.add(message);
    app.log.warn(`${SITE_VISITOR_HEADER}: ${message}; such requests count by the caller’s address`);
  };
  app.addHook('onRequest', async (request: FastifyRequest) => {
    request.visitorAddress = request.ip;
    const header = request.headers[SITE_VISITOR_HEADER];
    if (header === undefined) return;
    if (!siteKey) return warnOnce('a site names its visitors, but SITE_KEY is not set here');
    const verified = verifyVisitor(Array.isArray(header) ? header.join(',') : header, siteKey);
    if ('address' in verified) request.visitorAddress = verified.address;
    else warnOnce(`a header ${PROBLEMS[verified.problem]}`);
  });
}
