import { z } from 'zod';
import { BIB_PATTERN, HIDE_PHOTOS_MAX } from './constants.js';
import { SEARCH_MESSAGES } from './search-rules.js';
import { selfieSearchRequest } from './selfie.js';

/**
 * `POST /api/v1/client/events/{eventId}/hide-requests` ("Hide me everywhere"): the runner's face
 * descriptor, computed in their browser like a selfie search's, so the selfie never leaves the
 * device. `dry_run` only counts the photos that would be hidden (the confirmation step) and
 * stores nothing. `bib`, optional: the runner's bib, dropped from the bib search of every photo
 * their face is hidden on (used once, not stored).
 */
export const hideRequestInput = selfieSearchRequest.extend({
  bib: z.string().trim().regex(BIB_PATTERN, SEARCH_MESSAGES.bib).optional(),
  dry_run: z.boolean().optional(),
  /**
   * The photos the visitor confirmed are theirs, from the dry run's `matches`: only the face
   * found on each of those is hidden (a photo that is not among the matches changes nothing).
   * Without it, every match is hidden.
   */
  photos: z.array(z.string().uuid()).max(HIDE_PHOTOS_MAX).optional(),
});
export type HideRequestInput = z.infer<typeof hideRequestInput>;

/** A photo a hide request would change, and the face on it that would be blurred. */
export const hideMatch = z.object({
  uuid: z.string(),
  /** The photo's size in pixels (after its EXIF orientation). */
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** The face's box on the photo, in the photo's pixels. */
  box: z.object({
    x: z.number(),
    y: z.number(),
    width: z.number(),
    height: z.number(),
  }),
});
export type HideMatch = z.infer<typeof hideMatch>;

export const hideRequestAnswer = z.object({
  /** Photos of the event where the face is (or, for a dry run, would be) blurred. */
  photos: z.number().int().nonnegative(),
  /** False for a dry run: nothing was stored or changed. */
  stored: z.boolean(),
  /**
   * A dry run's answer: each photo and face it would hide, most alike first, for the visitor to
   * confirm one by one (send back the ones they confirm as `photos`).
   */
  matches: z.array(hideMatch).optional(),
});
export type HideRequestAnswer = z.infer<typeof hideRequestAnswer>;

/** `GET /api/v1/admin/events/{eventId}/hide-requests`: counts only, never a face. */
export const hideRequestStats = z.object({
  /** Hide requests kept for the event (each checked against photos uploaded later). */
  requests: z.number().int().nonnegative(),
  /** Faces blurred on the event's photos. */
  hidden_faces: z.number().int().nonnegative(),
  /** Photos with at least one blurred face. */
  hidden_photos: z.number().int().nonnegative(),
  /**
   * Photos held back from visitors until their faces are checked against the requests (uploaded
   * after one, their `faces` job not yet run; it does not run while face detection or selfie
   * search is off).
   */
  held_photos: z.number().int().nonnegative(),
});
export type HideRequestStats = z.infer<typeof hideRequestStats>;

/** A request kept, as its organiser sees it: when it came and what it blurred (never a face). */
export const hideRequestItem = z.object({
  id: z.number().int().positive(),
  created_at: z.string(),
  hidden_faces: z.number().int().nonnegative(),
  hidden_photos: z.number().int().nonnegative(),
});
export type HideRequestItem = z.infer<typeof hideRequestItem>;

/** `GET /api/v1/admin/events/{eventId}/hide-requests/items`: each request, newest first. */
export const hideRequestItems = z.object({ items: z.array(hideRequestItem) });
export type HideRequestItems = z.infer<typeof hideRequestItems>;

/** `DELETE /api/v1/admin/events/{eventId}/hide-requests/{requestId}`: the request undone. */
export const hideRequestUndone = z.object({
  /** Photos whose faces the request had blurred, now shown again. */
  photos: z.number().int().nonnegative(),
});
export type HideRequestUndone = z.infer<typeof hideRequestUndone>;
