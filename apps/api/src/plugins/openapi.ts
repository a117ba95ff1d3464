import type { SwaggerTransformObject } from '@fastify/swagger';

type Content = Record<string, { schema?: unknown }>;
interface Operation {
  requestBody?: { content?: Content };
  responses?: Record<string, { content?: Content }>;
}

/** Non-JSON answers and bodies, which the zod transform describes as JSON. */
const MEDIA_TYPES: Array<{
  path: string;
  method: 'get' | 'post';
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
  return doc;
};
