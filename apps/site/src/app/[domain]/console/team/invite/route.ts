import { consoleEmail, consoleRole } from '@eventsite/contract';
import { consoleStash } from '@/components/console/events/stash';
import { INVITE_SHOWN, type InviteShown } from '@/components/console/team/TeamScreen';
import { invite } from '@/provider/console-branding';
import { checkedChange, toConsoleScreen } from '../../change';
import { sessionTokenOfChange } from '../../session';
import { siteOriginOf } from '../origin';

/**
 * Makes an invitation (Team screen): Origin, CSRF and fetch metadata checked, then the admin
 * API's `POST /invites` with the owner's password typed again and this site's origin, so the
 * link opens here. Its token comes back once: it is kept in the session's stash for the Team
 * screen to show, never put in a URL (a history entry, a log, a Referer would keep it).
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
  const password = change.form.get('password');
  if (typeof password !== 'string' || password === '' || password.length > 200)
    return toConsoleScreen('/console/team', { error: 'password' });
  const origin = siteOriginOf(request);
  const made = await invite(token, {
    email: email.data,
    role: role.data,
    site_origin: origin,
    password,
  });
  if (!made.ok) {
    if (made.status === 401) return toConsoleScreen('/console', { notice: 'expired' });
    return toConsoleScreen('/console/team', {
      error:
        made.status === 409
          ? 'exists'
          : made.status === 429
            ? 'limited'
            : made.status === 403
              ? /password/i.test(made.message)
                ? 'password'
                : 'owners-only'
              : made.status === 400
                ? 'invalid-email'
                : 'unavailable',
    });
  }
  const shown: InviteShown = {
    email: made.data.email,
    link: `${origin}/console/invite/${made.data.token}`,
    expiresAt: made.data.expires_at,
    mail: made.data.emailed
      ? 'emailed'
      : /SMTP_URL is not set/.test(made.data.email_note)
        ? 'not-configured'
        : 'mail-failed',
  };
  const id = consoleStash().put(token, INVITE_SHOWN, shown);
  return toConsoleScreen('/console/team', id ? { invited: id } : {});
}
