/** Types of page-scripts.mjs: the hashes of a kept page's scripts (docs/security.md). */
export const GTM_SNIPPET: string;
export const GTM_SNIPPET_HASH: string;
export function hashSource(text: string): string;
export function scriptSources(html: string): string[];
export function pageScriptPolicy(html: string): string;
export function withIntegrity(html: string, integrityOf: (file: string) => string | undefined): string;
export function withPagePolicy<T>(data: T, integrityOf?: (file: string) => string | undefined): T;
