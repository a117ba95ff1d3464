/**
 * The provider: every call the site makes to the provider API goes through here (the browser's
 * through ./photos, ./selfie and ./promo, and photo URLs through ./photo-urls, which client code
 * imports directly so as not to pull in the server's calls).
 */
export { apiUrl, publicApiUrl, providerUrl } from './env';
export { LABELS, MESSAGES, ProviderError, describeFailure, messageOf } from './envelope';
export {
  getOrganiser,
  fallbackOrganiser,
  organiserTag,
  REVALIDATE_SECONDS,
  type OrganiserResult,
} from './organiser';
export { getEventsPage, emptyEventsPage, walkEvents, type EventsPageResult } from './events';
export { getContactForm, embeddedContactFormUrl, type ContactFormResult } from './contact';
export { fetchEventConfig, EVENT_DATA_FAILURE } from './event';
export {
  readEventConfig,
  readEventSummary,
  readOrganiser,
  organiserName,
  EventMappingError,
} from './wire';
export type { EventCardData, EventPage, Organiser } from './model';
export { eventKnownWithin, isOrganisersEvent, loadEvent, type EventLoad } from './event-page';
export { findEventPhoto, firstPhotoPage, DEEP_LINK_PAGES } from './gallery';
export { visitorForwardedFor } from './visitor';
export {
  eventApiBase,
  grantForLink,
  grantCookieName,
  grantCookiePath,
  requestGrant,
  type GrantAnswer,
} from './access';
