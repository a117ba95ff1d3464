import { MAX_WATERMARK_IMAGE_BYTES } from '@eventsite/contract';
import { WATERMARK_TEXT as T } from '@/components/console/watermark/strings';
import { removeWatermarkImage, uploadWatermarkImage } from '@/provider/console-watermark';
import { watermarkUpload } from '../upload';

type Context = { params: Promise<{ domain: string; eventId: string }> };

const removing = (form: FormData) => form.get('action') === 'remove';

/**
 * Uploads (or removes) the watermark image: the form's file goes to the admin API's
 * `POST /events/{id}/watermark/image` as the body; the API decodes it and refuses what is not a
 * picture. Origin and CSRF checked first.
 */
export async function POST(request: Request, context: Context) {
  return watermarkUpload(request, context, {
    maxBytes: MAX_WATERMARK_IMAGE_BYTES,
    tooLarge: T.imageTooLarge,
    notice: (form) => (removing(form) ? 'image-removed' : 'image'),
    act: async ({ token, eventId, form, back }) => {
      if (removing(form)) return removeWatermarkImage(token, eventId);
      const file = form.get('image');
      if (!(file instanceof Blob) || file.size === 0) return back({ error: T.imageMissing });
      if (file.size > MAX_WATERMARK_IMAGE_BYTES) return back({ error: T.imageTooLarge });
      return uploadWatermarkImage(token, eventId, {
        type: file.type,
        data: await file.arrayBuffer(),
      });
    },
  });
}
