import type { SwaggerTransformObject } from '@fastify/swagger';

type Content = Record<string, { schema?: unknown }>;
interface Operation {
  requestBody?: { content?: Content };
  responses?: Record<string, { content?: Content }>;
}

/** Non-JSON answers and bodies, which the zod transform describes as JSON. */
const MEDIA_TYPES: Array<{
  path: string;
  method: 'get' | 'post' | 'put';
  status?: string;
  request?: boolean;
  types: string[];
}> = [
  {
    path: '/events/photos/{uuid}',
    method: 'get',
    status: '200',
    types: ['image/webp', 'image/avif', 'image/jpeg', 'image/png'],
  },
  {
    path: '/events/photos/{uuid}',
    method: 'get',
    status: '206',
    types: ['image/jpeg', 'image/png', 'image/webp'],
  },
  {
    path: '/assets/{file}',
    method: 'get',
    status: '200',
    types: ['image/png', 'image/svg+xml', 'image/webp', 'image/jpeg'],
  },
  { path: '/forms/contact', method: 'get', status: '200', types: ['text/html'] },
  {
    path: '/forms/contact',
    method: 'post',
    request: true,
    types: ['application/json', 'application/x-www-form-urlencoded'],
  },
  {
    path: '/api/v1/client/events/{eventId}/photos/live',
    method: 'get',
    status: '200',
    types: ['text/event-stream'],
  },
  {
    path: '/api/v1/client/events/{eventId}/downloads',
    method: 'post',
    status: '200',
    types: ['application/zip'],
  },
];

/** Bodies that are not JSON and have no zod schema (the route reads the raw request). */
const RAW_BODIES: Array<{ path: string; method: 'post'; content: Content; description: string }> = [
  {
    path: '/api/v1/admin/events/{eventId}/photos',
    method: 'post',
    description: 'One or more `file` parts, each a JPEG, PNG or WebP photo',
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          properties: { file: { type: 'array', items: { type: 'string', format: 'binary' } } },
          required: ['file'],
        },
      },
    },
  },
  {
    path: '/api/v1/admin/events/{eventId}/results',
    method: 'post',
    description: 'The results file: CSV, TSV or semicolon-separated, UTF-8 or Windows-1252',
    content: {
      'text/csv': { schema: { type: 'string' } },
      'text/plain': { schema: { type: 'string' } },
    },
  },
];

function retype(content: Content | undefined, types: string[]): Content | undefined {
  const schema = content ? Object.values(content)[0]?.schema : undefined;
  if (schema === undefined) return content;
  return Object.fromEntries(types.map((type) => [type, { schema }]));
}

export const describeMediaTypes: SwaggerTransformObject = (document) => {
  if (!('openapiObject' in document)) return document.swaggerObject;
  const doc = document.openapiObject;
  const paths = (doc.paths ?? {}) as Record<string, Record<string, Operation>>;
  for (const rule of MEDIA_TYPES) {
    const operation = paths[rule.path]?.[rule.method];
    if (!operation) continue;
    if (rule.request && operation.requestBody) {
      operation.requestBody.content = retype(operation.requestBody.content, rule.types);
    }
    const response = rule.status ? operation.responses?.[rule.status] : undefined;
    if (response) response.content = retype(response.content, rule.types);
  }
  for (const rule of RAW_BODIES) {
    const operation = paths[rule.path]?.[rule.method] as
      | (Operation & {
          requestBody?: { content?: Content; required?: boolean; description?: string };
        })
      | undefined;
    if (!operation) continue;
    operation.requestBody = {
      required: true,
      description: rule.description,
      content: rule.content,
    };
  }
  return doc;
};
