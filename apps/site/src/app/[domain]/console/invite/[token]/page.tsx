import type { Metadata } from 'next';
import { cookies, headers } from 'next/headers';
import { INVITE_TEXT, inviteErrorOf, TEAM_TEXT } from '@/components/console/team/strings';
import '@/components/console/console.css';
import '@/components/console/team/team.css';
import { CSRF_COOKIE, CSRF_FIELD, validCsrf } from '@/lib/console-security';
import { inviteFor } from '@/provider/console-branding';
import { forwardedForOf } from '@/provider/visitor';

export const metadata: Metadata = {
  title: INVITE_TEXT.title,
  robots: { index: false, follow: false },
  // Not 'no-referrer': the browser would then send `Origin: null` with the form, which the
  // console's CSRF check refuses. The site's strict-origin-when-cross-origin already keeps the
  // path (and the token in it) from other sites.
};

type Props = {
  params: Promise<{ domain: string; token: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/**
 * An invitation's page (`/console/invite/{token}`, no session needed): whom it is for, and a
 * password form. The link works once and for 7 days; any other link says so, the same way.
 */
export default async function InvitePage({ params, searchParams }: Props) {
  const [{ domain, token }, query, jar, head] = await Promise.all([
    params,
    searchParams,
    cookies(),
    headers(),
  ]);
  const csrf = validCsrf(jar.get(CSRF_COOKIE)?.value) ?? '';
  const found = await inviteFor(domain, token, forwardedForOf(head.get('x-forwarded-for')));
  const error = inviteErrorOf(query.error);
  return (
    <div className="container page console">
      <section className="console-card" aria-labelledby="invite-title">
        <h1 id="invite-title" className="page-title">
          {INVITE_TEXT.title}
        </h1>
        {!found.ok ? (
          <p className="console-error" role="alert">
            {found.status === 404 || found.status === 400
              ? INVITE_TEXT.unusable
              : INVITE_TEXT.unavailable}
          </p>
        ) : (
          <>
            <p className="page-intro">
              {INVITE_TEXT.invited(
                found.data.organiser,
                TEAM_TEXT.roleNames[found.data.role].toLowerCase(),
                found.data.email,
              )}
            </p>
            {error ? (
              <p className="console-error" role="alert" id="invite-error">
                {INVITE_TEXT.errors[error]}
              </p>
            ) : null}
            <form
              method="post"
              action={`/console/invite/${encodeURIComponent(token)}/accept`}
              className="invite-form"
            >
              <input type="hidden" name={CSRF_FIELD} value={csrf} />
              <input type="hidden" name="email" value={found.data.email} autoComplete="username" />
              <label htmlFor="invite-password">{INVITE_TEXT.password}</label>
              <input
                id="invite-password"
                name="password"
                type="password"
                autoComplete="new-password"
                required
                minLength={10}
                maxLength={200}
                aria-describedby={error ? 'invite-error' : undefined}
              />
              <label htmlFor="invite-confirm">{INVITE_TEXT.confirm}</label>
              <input
                id="invite-confirm"
                name="confirm"
                type="password"
                autoComplete="new-password"
                required
                minLength={10}
                maxLength={200}
              />
              <button type="submit" className="button">
                {INVITE_TEXT.submit}
              </button>
            </form>
          </>
        )}
      </section>
    </div>
  );
}
