import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors.js';
import { ADMIN_PREFIX, errorBody } from '../http.js';

interface ZodIssueLike {
  code?: string;
  path?: PropertyKey[];
  message?: string;
  errors?: ZodIssueLike[][];
}

interface Issue {
  keyword?: string;
  instancePath?: string;
  message?: string;
  params?: { issue?: ZodIssueLike; errors?: ZodIssueLike[][] };
}

/**
 * A union's one branch whose keys match (its problems are about values, not missing or unknown
 * keys): its problems say more than "Invalid input".
 */
function unionBranch(issue: Issue): Issue[] | undefined {
  const errors = issue.params?.errors;
  if (issue.keyword !== 'invalid_union' || !Array.isArray(errors)) return undefined;
  const fitting = errors.filter(
    (branch) =>
      branch.length > 0 &&
      branch.every(
        (i) => i.code !== 'unrecognized_keys' && !/received undefined$/.test(i.message ?? ''),
      ),
  );
  if (fitting.length !== 1) return undefined;
  const prefix = (issue.instancePath ?? '').split('/').filter(Boolean);
  return fitting[0]!.map((i) => ({
    message: i.message,
    instancePath: `/${[...prefix, ...(i.path ?? []).map(String)].join('/')}`,
  }));
}

/** One sentence per problem, each naming its field: "page must be a whole number from 1 to 100000". */
export function describeValidation(input: Issue[]): string {
  const issues = input.flatMap((issue) => unionBranch(issue) ?? [issue]);
  const sentences = issues.map((issue) => {
    const field =
      issue.params?.issue?.path?.map(String).join('.') ||
      (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
    const message = issue.message ?? 'is not valid';
    if (!field) return message;
    if (message.startsWith(`${field} `)) return message;
    if (/received undefined$/.test(message)) return `${field} is required`;
    if (message.startsWith('Invalid input'))
      return `${field} is not valid (${message.replace(/^Invalid input:\s*/, '')})`;
    // A sentence written for people ("Please enter a valid email address") keeps its words.
    if (/^[A-Z]/.test(message)) return `${field}: ${message}`;
    return `${field} ${message}`;
  });
  return [...new Set(sentences)].join('; ');
}

/** What the caller is told, and with which status: 4xx messages as they are, 5xx hidden. */
export function toCallerError(error: unknown): { statusCode: number; message: string } {
  if (hasZodFastifySchemaValidationErrors(error)) {
    return { statusCode: 400, message: describeValidation(error.validation as Issue[]) };
  }
  if (error instanceof AppError) return { statusCode: error.statusCode, message: error.message };
  const statusCode = (error as FastifyError)?.statusCode;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    return { statusCode, message: (error as Error).message };
  }
  return { statusCode: 500, message: 'Internal server error' };
}

/** Path parameters that say what a visitor looked for: logged by name, never by value. */
const PRIVATE_PARAMS = new Set(['bib']);

/**
 * The request as logged: its path (a searched bib shown as `:bib`), and the names of its query
 * parameters without their values. A visitor's search (a bib, a name) is not kept, not even in
 * the log of a failed request.
 */
export function loggedUrl(
  request: Pick<FastifyRequest, 'url' | 'params' | 'routeOptions'>,
): string {
  const url = request.url;
  const at = url.indexOf('?');
  let path = at < 0 ? url : url.slice(0, at);
  const pattern = request.routeOptions?.url;
  const params = (request.params ?? {}) as Record<string, unknown>;
  if (pattern && [...PRIVATE_PARAMS].some((name) => pattern.includes(`:${name}`)))
    path = pattern.replace(/:([A-Za-z]+)/g, (whole, name: string) =>
      PRIVATE_PARAMS.has(name) || params[name] === undefined ? whole : String(params[name]),
    );
  if (at < 0) return path;
  const names = [...new Set(new URLSearchParams(url.slice(at + 1)).keys())];
  return `${path}?${names.map((n) => `${n.slice(0, 40)}=…`).join('&')}`;
}

export function logFailure(
  request: FastifyRequest,
  error: unknown,
  statusCode: number,
  message: string,
) {
  if (statusCode >= 500)
    request.log.error({ err: error, statusCode }, `${request.method} ${loggedUrl(request)} failed`);
  else request.log.warn({ statusCode }, `${request.method} ${loggedUrl(request)}: ${message}`);
}

export function registerErrorHandlers(app: FastifyInstance) {
  app.setErrorHandler((error, request, reply: FastifyReply) => {
    const { statusCode, message } = toCallerError(error);
    logFailure(request, error, statusCode, message);
    return reply
      .code(statusCode)
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(errorBody(statusCode, message));
  });
  app.setNotFoundHandler((request, reply) => {
    const message = `No route ${request.method} ${request.url.split('?')[0]}`;
    request.log.warn({ statusCode: 404 }, message);
    // CORS headers are static for every route; an unknown admin path is no more cross-origin.
    if (request.url.startsWith(ADMIN_PREFIX))
      for (const name of Object.keys(reply.getHeaders()))
        if (name.startsWith('access-control-')) reply.removeHeader(name);
    return reply.code(404).header('cache-control', 'no-store').send(errorBody(404, message));
  });
}
