import { consoleEmail } from '@eventsite/contract';
import { askSignInLink } from '@/provider/console';
import { forwardedForOf } from '@/provider/visitor';
import { checkedChange, toConsoleScreen } from '../../change';
import { siteOriginOf } from '../../team/origin';

type Params = { params: Promise<{ domain: string }> };

/**
 * Asks for a sign-in link (the "Email me a sign-in link" form): Origin, CSRF and fetch metadata
 * checked, then the API, which emails one if the address has access. The page then says the
 * same whether or not it has.
 */
export async function POST(request: Request, { params }: Params) {
  const { domain } = await params;
  const change = await checkedChange(request);
  if (!change.ok) return change.response;
  const email = consoleEmail.safeParse(change.form.get('email') ?? '');
  if (!email.success) return toConsoleScreen('/console/sign-in-link', { error: 'invalid-email' });
  const asked = await askSignInLink(
    domain,
    email.data,
    siteOriginOf(request),
    forwardedForOf(request.headers.get('x-forwarded-for')),
  );
  if (!asked.ok)
    return toConsoleScreen('/console/sign-in-link', {
      error:
        asked.status === 429 ? 'limited' : asked.status === 400 ? 'invalid-email' : 'unavailable',
    });
  return toConsoleScreen('/console/sign-in-link', { sent: '1' });
}
