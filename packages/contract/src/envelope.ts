import { z } from 'zod';
import { ENVELOPE_SUCCESS, ENVELOPE_ERROR } from './constants.js';

export const envelopeStatus = z.enum([ENVELOPE_SUCCESS, ENVELOPE_ERROR]);

export function envelope<T extends z.ZodType>(data: T) {
  return z.object({
    status: envelopeStatus,
    message: z.string(),
    code: z.number().int(),
    data,
  });
}

/** The shape of every failure: `data` is null, `message` is for a person. */
export const errorEnvelope = z.object({
  status: z.literal(ENVELOPE_ERROR),
  message: z.string(),
  code: z.number().int(),
  data: z.null(),
});

export type Envelope<T> = {
  status: 'success' | 'error';
  message: string;
  code: number;
  data: T;
};
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;
