import { tus } from '../tus';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

/** tus: how many bytes of the upload the server has (to resume from there). */
export async function HEAD(request: Request, { params }: Context) {
  return tus(request, (await params).id);
}

/** tus: more bytes of the upload, from Upload-Offset (streamed through). */
export async function PATCH(request: Request, { params }: Context) {
  return tus(request, (await params).id);
}

/** tus: gives up an unfinished upload (its bytes are deleted). */
export async function DELETE(request: Request, { params }: Context) {
  return tus(request, (await params).id);
}
