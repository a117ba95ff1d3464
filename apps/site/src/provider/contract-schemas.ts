import type * as ContractModule from '@eventsite/contract';

/**
 * The contract's zod schemas for the browser's calls (gallery pages, race results, selfie
 * search), imported on first use: zod (≈ 40 KB gzip) is then fetched with the first answer to
 * check, not in the gallery's first load. Started before the request, so both travel together.
 */
type Contract = typeof ContractModule;

let loading: Promise<Contract> | null = null;

export function contractSchemas(): Promise<Contract> {
  if (!loading) {
    // zod without its compiled checks first (lib/zod-jitless.ts: no probe the policy reports).
    loading = import('@/lib/zod-jitless').then(() => import('@eventsite/contract'));
    // A failed chunk load may be retried on the next call.
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}
