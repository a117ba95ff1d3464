import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { errorEnvelope } from '@eventsite/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../errors.js';
import { defaultHumanPaths } from '../faces/human.js';

/**
 * The face model and WebAssembly files, for browsers computing a selfie's descriptor with the
 * same model as the `faces` job (Human: `modelBasePath` and `wasmPath` both point here). Served
 * from node_modules, so the browser and the job always use the same files; nothing from a CDN.
 */
const MODELS = ['blazeface', 'facemesh', 'faceres'].flatMap((m) => [`${m}.json`, `${m}.bin`]);
const WASM = [
  'tfjs-backend-wasm.wasm',
  'tfjs-backend-wasm-simd.wasm',
  'tfjs-backend-wasm-threaded-simd.wasm',
];
export const FACE_MODEL_FILES = [...MODELS, ...WASM] as const;

const TYPES: Record<string, string> = {
  json: 'application/json',
  bin: 'application/octet-stream',
  wasm: 'application/wasm',
};

export const faceModelRoutes: FastifyPluginAsyncZod = async (app) => {
  const paths = defaultHumanPaths();
  const cache = new Map<string, Buffer>();
  app.get(
    '/face-models/:file',
    {
      schema: {
        tags: ['assets'],
        summary:
          'A face model or WebAssembly file for computing a selfie descriptor in the browser',
        description: `One of: ${FACE_MODEL_FILES.join(', ')}.`,
        params: z.object({ file: z.string().max(64) }),
        response: {
          200: z.unknown().meta({ description: 'The file', type: 'string', format: 'binary' }),
          404: errorEnvelope,
        },
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      if (!(FACE_MODEL_FILES as readonly string[]).includes(file))
        throw notFound(`No face model file is named ${file}`);
      let body = cache.get(file);
      if (!body) {
        body = await readFile(path.join(file.endsWith('.wasm') ? paths.wasm : paths.models, file));
        cache.set(file, body);
      }
      return reply
        .type(TYPES[file.split('.').pop() ?? ''] ?? 'application/octet-stream')
        .header('cache-control', 'public, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(body);
    },
  );
};
