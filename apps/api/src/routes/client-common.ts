import { errorEnvelope } from '@eventsite/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** What the client routes share (routes/client.ts registers them). */

export const failures = { 400: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope };

/** Counts a request against the client's search budget; 429 past it. */
export type SearchLimit = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
