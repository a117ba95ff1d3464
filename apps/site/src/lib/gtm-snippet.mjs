// Google Tag Manager's snippet (components/layout/GoogleTagManager.tsx), in a module of its own:
// the browser's bundle takes it, and the page policy (page-scripts.mjs) hashes it.

/**
 * Google Tag Manager's snippet, the same text on every page and for every organiser: the container
 * id is read from the script's own `data-gtm-id` attribute, so the snippet's hash is known before
 * any page is rendered and is part of every policy.
 */
export const GTM_SNIPPET =
  "(function(w,d,s,l){var c=d.getElementById('gtm'),i=c&&c.getAttribute('data-gtm-id');if(!i||!/^GTM-[A-Z0-9]+$/.test(i))return;w[l]=w[l]||[];w[l].push({'gtm.start':new Date().getTime(),event:'gtm.js'});var f=d.getElementsByTagName(s)[0],j=d.createElement(s);j.async=true;j.src='https://www.googletagmanager.com/gtm.js?id='+encodeURIComponent(i);f.parentNode.insertBefore(j,f);})(window,document,'script','dataLayer');";
