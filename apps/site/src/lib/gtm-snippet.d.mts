/** Google Tag Manager's snippet (gtm-snippet.mjs). */
export const GTM_SNIPPET: string;
