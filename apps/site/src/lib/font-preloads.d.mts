/** The typeface's preload header for a kept page (font-preloads.mjs). */
export function preloadedFonts(manifest: unknown): string[];
export function fontPreloadHeader(files: string[]): string;
export function fontPreloadOfBuild(serverDistDir: string): string;
export function withFontPreload<T>(data: T, header: string): T;
