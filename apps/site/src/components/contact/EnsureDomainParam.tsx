'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useEffect } from 'react';
import { appDomainFromHost } from '@/lib/host';

/** A missing `domain` query parameter is added, by a replace navigation, from the host. */
export function EnsureDomainParam() {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  useEffect(() => {
    if (searchParams.get('domain')) return;
    const domain = appDomainFromHost(window.location.host);
    if (!domain) return;
    const query = new URLSearchParams(searchParams.toString());
    query.set('domain', domain);
    router.replace(`${pathname}?${query.toString()}`, { scroll: false });
  }, [router, pathname, searchParams]);
  return null;
}
