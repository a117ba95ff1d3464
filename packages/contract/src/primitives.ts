import { z } from 'zod';
import { HEX_COLOUR, isHttpUrl, DOMAIN_PATTERN, MAX_ID } from './constants.js';

export const hexColour = z.string().regex(HEX_COLOUR, 'must be a hex colour such as #2E6F40');

/** An absolute http or https URL: the only kind that may become a link, an image or an iframe. */
export const httpUrl = z
  .string()
  .max(2048)
  .refine(isHttpUrl, 'must be an absolute http:// or https:// URL');

/** `YYYY-MM-DD`, a real calendar day. */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'must be a real calendar date');

export const appDomain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(DOMAIN_PATTERN, 'must be a host name such as photos.example.com');

export const uuid = z
  .string()
  .regex(
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
    'must be a photo id (a uuid)',
  );

export const positiveId = z.coerce
  .number({ error: 'must be a positive whole number' })
  .int('must be a positive whole number')
  .min(1, 'must be a positive whole number')
  .max(MAX_ID, 'is too large');
