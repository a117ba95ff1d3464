'use client';

import dynamic from 'next/dynamic';
import { LoadingText } from '@/components/common/States';
import { PROMO_EDITOR_STRINGS } from '@/components/gallery/strings';
import type { PromoEditorProps } from '@/editor';

/** The editor's code (Konva, pdf-lib) is fetched only on the promo route: loaded on demand. */
const PromoEditor = dynamic(() => import('@/editor'), {
  ssr: false,
  loading: () => <LoadingText text={PROMO_EDITOR_STRINGS.loading} />,
});

export function PromoEditorLoader(props: PromoEditorProps) {
  return <PromoEditor {...props} />;
}
