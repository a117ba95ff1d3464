import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { errorEnvelope } from '@eventsite/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../errors.js';

/** Small files the API hosts itself, such as the demo organisers' logos. */
export const ASSETS_FOLDER = fileURLToPath(new URL('../../assets/', import.meta.url));

const TYPES: Record<string, string> = {
  png: 'image/png',
  svg: 'image/svg+xml',
  webp: 'image/webp',
  jpg: 'image/jpeg',
};

export const assetRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = new Map<string, Buffer>();
  app.get(
    '/assets/:file',
    {
      schema: {
        tags: ['assets'],
        summary: 'A file hosted by the API (logos of the demo organisers)',
        params: z.object({
          file: z
            .string()
            .regex(
              /^[a-z0-9][a-z0-9_-]*\.(png|svg|webp|jpg)$/,
              'file must be an asset name such as logo.png',
            ),
        }),
        response: {
          200: z.unknown().meta({ description: 'The file', type: 'string', format: 'binary' }),
          400: errorEnvelope,
          404: errorEnvelope,
        },
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      let body = cache.get(file);
      if (!body) {
        try {
          body = await readFile(`${ASSETS_FOLDER}${file}`);
        } catch {
          throw notFound(`No asset is named ${file}`);
        }
        cache.set(file, body);
      }
      const ext = file.split('.').pop() ?? '';
      return reply
        .type(TYPES[ext] ?? 'application/octet-stream')
        .header('cache-control', 'public, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(body);
    },
  );
};
