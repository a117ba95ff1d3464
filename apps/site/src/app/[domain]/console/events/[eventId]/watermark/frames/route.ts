import { MAX_FRAME_BYTES } from '@eventsite/contract';
import { WATERMARK_TEXT as T } from '@/components/console/watermark/strings';
import { addFrame, removeFrame } from '@/provider/console-watermark';
import { watermarkUpload } from '../upload';

type Context = { params: Promise<{ domain: string; eventId: string }> };

const removing = (form: FormData) => form.get('action') === 'remove';

/**
 * Adds a sponsor frame (a name and a PNG, multipart) or removes one (`frame_id`), through the
 * admin API; the API checks the PNG and says why it refuses one. Origin and CSRF checked first.
 */
export async function POST(request: Request, context: Context) {
  return watermarkUpload(request, context, {
    maxBytes: MAX_FRAME_BYTES,
    tooLarge: T.frameTooLarge,
    notice: (form) => (removing(form) ? 'frame-removed' : 'frame'),
    act: async ({ token, eventId, form, back }) => {
      if (removing(form)) {
        const frameId = Number(form.get('frame_id'));
        if (!Number.isSafeInteger(frameId) || frameId < 1)
          return new Response('Not found', { status: 404 });
        return removeFrame(token, eventId, frameId);
      }
      const name = String(form.get('name') ?? '').trim();
      const file = form.get('frame');
      if (!name) return back({ error: T.frameNameMissing });
      if (!(file instanceof Blob) || file.size === 0) return back({ error: T.frameMissing });
      if (file.size > MAX_FRAME_BYTES) return back({ error: T.frameTooLarge });
      return addFrame(token, eventId, name, { data: await file.arrayBuffer() });
    },
  });
}
