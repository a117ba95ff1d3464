import { consoleEmail, consoleRole } from '@eventsite/contract';
import { invite } from '@/provider/console-branding';
import { checkedChange, toConsoleScreen } from '../../change';
import { sessionTokenOfChange } from '../../session';
import { siteOriginOf } from '../origin';

/**
 * Makes an invitation (Team screen): Origin and CSRF checked, then the admin API's `POST /invites`
 * with this site's origin, so the link opens here. Its token comes back once, in the redirect.
 */
export async function POST(request: Request) {
  const change = await checkedChange(request);
  if (!change.ok) return change.response;
  const token = await sessionTokenOfChange();
  if (!token) return toConsoleScreen('/console');
  const email = consoleEmail.safeParse(change.form.get('email') ?? '');
  if (!email.success) return toConsoleScreen('/console/team', { error: 'invalid-email' });
  const role = consoleRole.safeParse(change.form.get('role'));
  if (!role.success) return toConsoleScreen('/console/team', { error: 'invalid-role' });
  const origin = siteOriginOf(request);
  const made = await invite(token, { email: email.data, role: role.data, site_origin: origin });
  if (!made.ok) {
    if (made.status === 401) return toConsoleScreen('/console', { notice: 'expired' });
    return toConsoleScreen('/console/team', {
      error:
        made.status === 409
          ? 'exists'
          : made.status === 403
            ? 'owners-only'
            : made.status === 400
              ? 'invalid-email'
              : 'unavailable',
    });
  }
  return toConsoleScreen('/console/team', {
    invited: made.data.token,
    email: made.data.email,
    expires: made.data.expires_at,
    origin,
    mail: made.data.emailed
      ? 'emailed'
      : /SMTP_URL is not set/.test(made.data.email_note)
        ? 'not-configured'
        : 'mail-failed',
  });
}
