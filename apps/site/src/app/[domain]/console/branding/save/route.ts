import { checkDraft, draftFromForm, encodeDraft } from '@/components/console/branding/form';
import { saveBranding } from '@/provider/console-branding';
import { checkedChange, toConsoleScreen } from '../../change';
import { sessionTokenOfChange } from '../../session';
import { showBrandingNow } from '../revalidate';

type Params = { params: Promise<{ domain: string }> };

/**
 * Saves the Branding form: Origin and CSRF checked, the fields checked by the contract's schema,
 * then the admin API's `PATCH /organiser`. A refusal goes back to the form with the fields as typed.
 */
export async function POST(request: Request, { params }: Params) {
  const { domain } = await params;
  const change = await checkedChange(request);
  if (!change.ok) return change.response;
  const token = await sessionTokenOfChange();
  if (!token) return toConsoleScreen('/console');
  const draft = draftFromForm(change.form);
  const back = (error: string) => {
    const encoded = encodeDraft(draft);
    return toConsoleScreen('/console/branding', encoded ? { error, draft: encoded } : { error });
  };
  const check = checkDraft(draft);
  if (!check.ok) return back('invalid');
  const saved = await saveBranding(token, check.patch);
  if (!saved.ok) {
    if (saved.status === 401) return toConsoleScreen('/console', { notice: 'expired' });
    return back(
      saved.status === 403 ? 'owners-only' : saved.status === 400 ? 'refused' : 'unavailable',
    );
  }
  showBrandingNow(saved.data.domains, domain);
  return toConsoleScreen('/console/branding', { notice: 'saved' });
}
