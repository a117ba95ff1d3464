import { httpUrlOrNull } from '@/lib/url';
import { LABELS, buildUrl, describeFailure, isTransient, requestEnvelope } from './envelope';
import { apiUrl, publicApiUrl } from './env';
import { REVALIDATE_SECONDS, organiserTag } from './organiser';
import { readContactForm } from './wire';

export interface ContactFormResult {
  /**
   * The form to embed: the provider's, else the one it hosts; null when there is no usable
   * http(s) URL, or the provider did not answer (its hosted form would not load either).
   */
  iframeSrc: string | null;
  error: string | null;
  /** The call failed in a way that may go away by itself (see isTransient). */
  transient: boolean;
}

/** When the provider names no form: the contact form the provider API hosts for each organiser. */
export function embeddedContactFormUrl(domain: string): string {
  return buildUrl(publicApiUrl(), '/forms/contact', { app_domain: domain });
}

export async function getContactForm(domain: string): Promise<ContactFormResult> {
  const url = buildUrl(apiUrl(), '/api/v1/client/events/organiser/contact-us', {
    app_domain: domain,
  });
  const fallback = httpUrlOrNull(embeddedContactFormUrl(domain));
  try {
    const data = await requestEnvelope(url, {
      revalidate: REVALIDATE_SECONDS,
      tags: [organiserTag(domain)],
    });
    return { iframeSrc: readContactForm(data) ?? fallback, error: null, transient: false };
  } catch (error) {
    const message = describeFailure(LABELS.contact, error);
    console.error(message);
    // A provider that did not answer at all hosts no form either: the page says the form could
    // not be loaded rather than framing a dead address.
    const transient = isTransient(error);
    return { iframeSrc: transient ? null : fallback, error: message, transient };
  }
}
