import Script from 'next/script';
import { GTM_ID_PATTERN } from '@/lib/header';

/**
 * Google Tag Manager, only for an id matching GTM-XXXX: nothing else reaches the script. It
 * carries the request's nonce, so the Content-Security-Policy lets it run, and the tags it loads
 * with it ('strict-dynamic').
 */
export function GoogleTagManager({ id, nonce }: { id: string | null; nonce?: string }) {
  if (!id || !GTM_ID_PATTERN.test(id)) return null;
  return (
    <>
      <Script id="gtm" strategy="afterInteractive" nonce={nonce}>
        {`(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':new Date().getTime(),event:'gtm.js'});var f=d.getElementsByTagName(s)[0],j=d.createElement(s),dl=l!='dataLayer'?'&l='+l:'';j.async=true;j.src='https://www.googletagmanager.com/gtm.js?id='+i+dl;f.parentNode.insertBefore(j,f);})(window,document,'script','dataLayer','${id}');`}
      </Script>
      <noscript>
        <iframe
          src={`https://www.googletagmanager.com/ns.html?id=${id}`}
          height="0"
          width="0"
          title="Google Tag Manager"
          style={{ display: 'none', visibility: 'hidden' }}
        />
      </noscript>
    </>
  );
}
