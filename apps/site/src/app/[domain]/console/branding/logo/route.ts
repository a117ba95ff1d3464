import { MAX_LOGO_BYTES } from '@eventsite/contract';
import { logoErrorOf } from '@/components/console/branding/errors';
import { decodeDraft, encodeDraft } from '@/components/console/branding/form';
import { removeLogo, uploadLogo } from '@/provider/console-branding';
import { checkedChange, toConsoleScreen } from '../../change';
import { sessionTokenOfChange } from '../../session';
import { showBrandingNow } from '../revalidate';

type Params = { params: Promise<{ domain: string }> };

/**
 * Uploads (or removes) the organiser's logo: the form's file (multipart) goes to
 * the admin API's `POST /organiser/logo` as the body; the API decodes it and refuses what is not
 * an image. Origin and CSRF checked first.
 */
export async function POST(request: Request, { params }: Params) {
  const { domain } = await params;
  // A body far over the limit is not read at all (the form's other fields are a few KB).
  if (Number(request.headers.get('content-length') ?? 0) > MAX_LOGO_BYTES + 64 * 1024)
    return toConsoleScreen('/console/branding', { error: 'logo-too-large' });
  const change = await checkedChange(request);
  if (!change.ok) return change.response;
  const token = await sessionTokenOfChange();
  if (!token) return toConsoleScreen('/console');
  // The settings typed but not saved go back with the answer, so the upload loses none of them.
  const typed = decodeDraft(change.form.get('draft'));
  const encoded = typed ? encodeDraft(typed) : null;
  const kept: Record<string, string> = encoded ? { draft: encoded } : {};
  const back = (error: string) => toConsoleScreen('/console/branding', { error, ...kept });
  let answer;
  if (change.form.get('action') === 'remove') {
    answer = await removeLogo(token);
  } else {
    const file = change.form.get('logo');
    if (!(file instanceof Blob) || file.size === 0) return back('logo-missing');
    if (file.size > MAX_LOGO_BYTES) return back('logo-too-large');
    answer = await uploadLogo(token, { type: file.type, data: await file.arrayBuffer() });
  }
  if (!answer.ok) {
    if (answer.status === 401) return toConsoleScreen('/console', { notice: 'expired' });
    return back(logoErrorOf(answer.status, answer.message));
  }
  showBrandingNow(answer.data.domains, domain);
  return toConsoleScreen('/console/branding', {
    notice: change.form.get('action') === 'remove' ? 'logo-removed' : 'logo',
    ...kept,
  });
}
