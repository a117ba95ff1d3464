import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server, type ServerOptions } from '@tus/server';
import type { Upload } from '@tus/utils';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { ADMIN_PREFIX, errorBody } from '../http.js';
import type { UploadedPart } from '../services/uploads.js';

/**
 * Resumable uploads (the tus protocol, version 1.0.0) for photographers on a flaky connection:
 * `POST /api/v1/admin/uploads` with `Upload-Length` and `Upload-Metadata: event_id …, filename …`
 * creates an upload; `PATCH` sends bytes from `Upload-Offset`; after a cut, `HEAD` says how much
 * arrived and the client goes on from there. When the last byte arrives the file goes through the
 * same checks and ingest as a multipart upload, and the last PATCH answers 200 with the same
 * envelope (`data.accepted` / `data.refused`); a refused file answers 422 with its reason.
 *
 * Registered inside the admin API, so its bearer-token check runs first: an upload is created
 * only for the token's own event and continued only by the same organiser (any other sees 404).
 * The bytes wait in `DATA_DIR/resumable/` until complete; an upload left unfinished for
 * RESUMABLE_EXPIRY_MS is deleted, and until then its whole declared length counts against the
 * organiser's quota (a new upload that would not fit with them is refused, 413). With several API processes, a client must reach the process holding its upload (the
 * upload URL), so put them behind sticky routing on that path or share that folder.
 */

export const RESUMABLE_PATH = `${ADMIN_PREFIX}/uploads`;
/** How long an unfinished upload is kept for its client to come back. */
export const RESUMABLE_EXPIRY_MS = 6 * 60 * 60 * 1000;
/** How often unfinished uploads past RESUMABLE_EXPIRY_MS are looked for and deleted. */
const SWEEP_EVERY_MS = 15 * 60 * 1000;
/** The organiser the admin API's own check found for each request handed over to tus. */
const organiserOf = new WeakMap<IncomingMessage, number>();
const UPLOAD_ID = /^[0-9a-f]{32}$/;

/** Upload-Metadata: comma-separated `key base64value` pairs. */
export function parseUploadMetadata(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const pair of header.split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (key) out[key] = value ? Buffer.from(value, 'base64').toString('utf8') : '';
  }
  return out;
}

class TusRefusal {
  constructor(
    readonly status_code: number,
    message: string,
    extra: Record<string, string> = {},
  ) {
    this.body = JSON.stringify({ ...errorBody(status_code, message), ...extra });
  }
  readonly body: string;
}

/** sha256 (hex) of a file, read as a stream. */
async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export const resumableUploadRoutes: FastifyPluginAsync = async (app) => {
  const directory = path.join(app.config.dataDir, 'resumable');
  // Made on first use: a deployment that never takes a resumable upload writes nothing to
  // DATA_DIR (with photos in a bucket, it stays empty).
  let files: FileStore | null = null;
  const store = () =>
    (files ??= new FileStore({ directory, expirationPeriodInMilliseconds: RESUMABLE_EXPIRY_MS }));

  const options: Omit<ServerOptions, 'locker'> = {
    path: RESUMABLE_PATH,
    maxSize: app.config.maxUploadBytes,
    relativeLocation: true,
    // The id is the server's, never the client's choice.
    namingFunction: () => crypto.randomUUID().replaceAll('-', ''),
    async onUploadCreate(req, upload) {
      const raw = (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
      const organiser = raw ? organiserOf.get(raw) : undefined;
      if (!organiser) throw new TusRefusal(500, 'The upload could not be tied to its organiser');
      return { metadata: { ...upload.metadata, organiser_id: String(organiser) } };
    },
    async onUploadFinish(_req, upload) {
      return finish(upload);
    },
  };
  /** The declared lengths of the organiser's unfinished uploads, together. */
  async function parkedBytes(organiserId: number): Promise<number> {
    let names: string[];
    try {
      names = await readdir(directory);
    } catch {
      return 0; // no upload was ever made here
    }
    let total = 0;
    for (const name of names.filter((n) => n.endsWith('.json'))) {
      const info = (await readFile(path.join(directory, name), 'utf8')
        .then((text) => JSON.parse(text) as unknown)
        .catch(() => null)) as { size?: unknown; metadata?: { organiser_id?: unknown } } | null;
      if (info?.metadata?.organiser_id === String(organiserId) && typeof info.size === 'number')
        total += info.size;
    }
    return total;
  }

  let server: Server | null = null;
  const tus = () => (server ??= new Server({ ...options, datastore: store() }));

  async function finish(upload: Upload) {
    const meta = upload.metadata ?? {};
    const eventId = Number(meta.event_id);
    const organiserId = Number(meta.organiser_id);
    const filename = (meta.filename || 'unnamed').slice(0, 255);
    const stored = path.join(directory, upload.id);
    // The same bytes already in the event: refused at once (422 with `duplicate_of`), rather
    // than accepted and then skipped by its ingest job unseen by the uploader.
    const duplicate = await app.services.imports.duplicateOf(eventId, await sha256Of(stored));
    if (duplicate) {
      await store()
        .remove(upload.id)
        .catch(() => undefined);
      throw new TusRefusal(422, `${filename} is already in this event`, {
        duplicate_of: duplicate,
      });
    }
    const part: UploadedPart = {
      fieldname: 'file',
      filename,
      file: createReadStream(stored),
    };
    try {
      const answer = await app.services.uploads.accept(
        eventId,
        (async function* () {
          yield part;
        })(),
        { organiserId },
      );
      const refused = answer.refused[0];
      if (refused) throw new TusRefusal(422, `${refused.filename} ${refused.reason}`);
      return {
        status_code: 200,
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify({
          status: 'success',
          message: `Accepted ${filename}`,
          code: 200,
          data: answer,
        }),
      };
    } finally {
      part.file.destroy();
      await store()
        .remove(upload.id)
        .catch(() => undefined);
    }
  }

  /**
   * Uploads whose every byte arrived but which were never made photos: the API stopped (a crash,
   * a kill) between the last write and the end of `finish`. Their clients were told nothing
   * final, or (a HEAD answering the whole length) that they were done: each is finished now, as
   * its last PATCH would have. What it answers (accepted, a duplicate, refused) is logged; its
   * client, asking again, finds the upload gone (404), sends the file anew and is told it is
   * already in the event.
   */
  async function finishLeftovers(): Promise<void> {
    let names: string[];
    try {
      names = await readdir(directory);
    } catch {
      return;
    }
    for (const name of names.filter((n) => n.endsWith('.json'))) {
      const id = name.slice(0, -'.json'.length);
      if (!UPLOAD_ID.test(id)) continue;
      const upload = await store()
        .getUpload(id)
        .catch(() => null);
      if (!upload || upload.size === undefined || upload.offset !== upload.size) continue;
      await finish(upload).then(
        () => app.log.info(`resumable upload ${id}: finished after a restart`),
        (error: unknown) =>
          app.log.warn(
            `resumable upload ${id}: not made a photo after a restart: ${error instanceof TusRefusal ? error.body : String(error)}`,
          ),
      );
    }
  }
  app.addHook('onReady', finishLeftovers);

  // Unfinished uploads past their time are deleted, every 15 minutes (also those of an earlier run).
  const sweep = setInterval(() => {
    if (!existsSync(directory)) return;
    tus()
      .cleanUpExpiredUploads()
      .catch((error: unknown) => app.log.warn({ err: error }, 'resumable uploads: sweep failed'));
  }, SWEEP_EVERY_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  // tus reads the request body itself.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) =>
    done(null),
  );

  const handOver = async (request: FastifyRequest, reply: FastifyReply) => {
    organiserOf.set(request.raw, request.organiserId);
    reply.hijack();
    await tus().handle(request.raw, reply.raw);
  };

  app.post('/uploads', async (request, reply) => {
    const meta = parseUploadMetadata(request.headers['upload-metadata'] as string | undefined);
    const eventId = Number(meta.event_id);
    if (!Number.isSafeInteger(eventId) || eventId < 1)
      throw new AppError(
        400,
        'Upload-Metadata must name the event: event_id <base64 of the event id>',
      );
    if (!meta.filename)
      throw new AppError(400, 'Upload-Metadata must name the file: filename <base64 of its name>');
    const length = Number(request.headers['upload-length'] ?? 0);
    await app.services.uploads.mayUpload(
      eventId,
      { organiserId: request.organiserId },
      {
        bytes: Number.isSafeInteger(length) && length > 0 ? length : 0,
        parkedBytes: await parkedBytes(request.organiserId),
      },
    );
    await handOver(request, reply);
  });

  const existing = async (
    request: FastifyRequest<{ Params: { id: string } }>,
    reply: FastifyReply,
  ) => {
    const { id } = request.params;
    const upload = UPLOAD_ID.test(id)
      ? await store()
          .getUpload(id)
          .catch(() => null)
      : null;
    // Another organiser's upload is as unknown as one that never was.
    if (!upload || upload.metadata?.organiser_id !== String(request.organiserId))
      throw new AppError(404, 'No such upload: it finished, expired, or was never made');
    await handOver(request, reply);
  };
  app.head('/uploads/:id', existing);
  app.patch('/uploads/:id', existing);
  app.delete('/uploads/:id', existing);
};
