/** Where a runner's links go: the runner page, and the promo editor opened for them. */

/** `/events/{slug}/runners/{bib}`. */
export function runnerHref(eventSlug: string, bib: string): string {
  return `/events/${encodeURIComponent(eventSlug)}/runners/${encodeURIComponent(bib)}`;
}

/** The promo editor opened on the finisher certificate, filled with this bib's result. */
export function certificateHref(eventSlug: string, bib: string): string {
  return `/events/${encodeURIComponent(eventSlug)}/promo?template=certificate&bib=${encodeURIComponent(bib)}`;
}

/** The promo editor opened on a portrait poster with this photo in it. */
export function posterHref(eventSlug: string, bib: string, photo: string): string {
  return `/events/${encodeURIComponent(eventSlug)}/promo?template=poster&bib=${encodeURIComponent(bib)}&photo=${encodeURIComponent(photo)}`;
}
