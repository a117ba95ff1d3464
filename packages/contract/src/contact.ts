import { z } from 'zod';

/** A message sent through the contact form the API hosts for each organiser. */
export const contactMessageInput = z.object({
  name: z.string().trim().min(1, 'Please enter your name').max(120, 'Name is too long'),
  email: z.email('Please enter a valid email address').max(254),
  subject: z.string().trim().max(160, 'Subject is too long').default(''),
  message: z
    .string()
    .trim()
    .min(1, 'Please enter a message')
    .max(5000, 'Message is too long (5000 characters at most)'),
  /** Honeypot: people leave it empty, form-filling robots do not. */
  website: z.string().max(0).optional().or(z.literal('')),
});
export type ContactMessageInput = z.infer<typeof contactMessageInput>;
