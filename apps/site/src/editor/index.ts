'use client';
/**
 * The promo editor's public entry. The route loads it with next/dynamic (ssr: false), so Konva,
 * pdf-lib and the editor's code are only in that route's chunk:
 *
 *   const PromoEditor = dynamic(() => import('@/editor'), { ssr: false, loading: () => <p>Loading promo editor...</p> });
 */
export { PromoEditor, PromoEditor as default } from './PromoEditor';
export type { PromoEditorProps, PromoFeatures } from './PromoEditor';
