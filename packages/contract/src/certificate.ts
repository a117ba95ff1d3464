import { z } from 'zod';
import { CERTIFICATE_FIELDS, HEX_COLOUR } from './constants.js';
import { httpUrl } from './primitives.js';

export const certificateFieldKey = z.enum(CERTIFICATE_FIELDS);
export type CertificateFieldKey = z.infer<typeof certificateFieldKey>;

/**
 * The organiser's own certificate design (used when `enable_custom_certificate` is on):
 * `PUT /api/v1/admin/events/{eventId}/certificate-template`,
 * `GET /api/v1/client/events/{eventId}/certificate-template` (envelope `data`). A full-page
 * background (their artwork) and where each field's text goes. Coordinates are PDF points from
 * the page's TOP-LEFT corner (y grows down); `x` is the anchor for `align`.
 */
export const certificateTemplate = z.object({
  page: z.object({
    size: z.literal('A4'),
    orientation: z.enum(['landscape', 'portrait']),
  }),
  background_url: httpUrl,
  fields: z
    .array(
      z.object({
        key: certificateFieldKey,
        x: z.number().min(0).max(842),
        y: z.number().min(0).max(842),
        font_size: z.number().min(4).max(200),
        colour: z.string().regex(HEX_COLOUR, 'must be a hex colour such as #2E6F40'),
        align: z.enum(['left', 'center', 'right']),
        font_weight: z.enum(['regular', 'bold']),
      }),
    )
    .max(CERTIFICATE_FIELDS.length * 2),
});
export type CertificateTemplate = z.infer<typeof certificateTemplate>;
