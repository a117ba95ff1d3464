import '@fontsource-variable/inter';
import './globals.css';
import type { Metadata, Viewport } from 'next';
import localFont from 'next/font/local';
import type { ReactNode } from 'react';

/**
 * Inter's Latin letters, preloaded with the page (next/font sends a <link rel="preload"> and a
 * fallback face sized to Inter's metrics), so the first paint is already in Inter and text does
 * not reflow when the font arrives. Other scripts (Latin Extended, Cyrillic, Greek, Vietnamese)
 * come from @fontsource-variable/inter, next in the stack, each only when a page uses it.
 */
const inter = localFont({
  src: './fonts/inter-latin-wght-normal.woff2',
  weight: '100 900',
  display: 'swap',
  variable: '--font-inter',
  adjustFontFallback: 'Arial',
  fallback: ['Inter Variable', 'ui-sans-serif', 'system-ui', 'sans-serif'],
});

export const metadata: Metadata = {
  robots: { index: true, follow: true },
};

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" className={inter.variable}>
      <body>{children}</body>
    </html>
  );
}
