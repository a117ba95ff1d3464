import type { Metadata } from 'next';
import { ConsoleFrame } from '@/components/console/ConsoleFrame';
import { type InviteShown, TeamScreen } from '@/components/console/team/TeamScreen';
import { TEAM_TEXT, teamErrorOf } from '@/components/console/team/strings';
import '@/components/console/console.css';
import '@/components/console/team/team.css';
import { teamOf } from '@/provider/console-branding';
import { consoleSessionOrSignIn } from '../session';

export const metadata: Metadata = {
  title: TEAM_TEXT.title,
  robots: { index: false, follow: false },
};

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const INVITE_LINK = /^\/console\/invite\/esi_[A-Za-z0-9_-]{43}$/;

/** The invitation just made, from the redirect after making it (its link is shown once). */
function shownOf(
  query: Record<string, string | string[] | undefined>,
  origin: string,
): InviteShown | null {
  const { invited, email, expires, mail } = query;
  if (typeof invited !== 'string' || typeof email !== 'string' || typeof expires !== 'string')
    return null;
  const path = `/console/invite/${invited}`;
  if (!INVITE_LINK.test(path) || Number.isNaN(Date.parse(expires)) || email.length > 254)
    return null;
  return {
    email,
    link: `${origin}${path}`,
    expiresAt: expires,
    mail:
      mail === 'emailed' ? 'emailed' : mail === 'mail-failed' ? 'mail-failed' : 'not-configured',
  };
}

/** Team (owner only): who may use the console, removing them, invitations. */
export default async function TeamPage({ searchParams }: Props) {
  const [{ token, who, csrf }, query] = await Promise.all([consoleSessionOrSignIn(), searchParams]);
  const frame = (children: React.ReactNode) => (
    <div className="container page console">
      <ConsoleFrame who={who} csrf={csrf} current="team" title={TEAM_TEXT.title}>
        {children}
      </ConsoleFrame>
    </div>
  );
  if (who.user.role !== 'owner')
    return frame(
      <p className="console-error" role="alert">
        {TEAM_TEXT.ownersOnly(who.organiser.name)}
      </p>,
    );
  const team = await teamOf(token);
  if (!team.ok)
    return frame(
      <p className="console-error" role="alert">
        {team.status === 403 ? TEAM_TEXT.ownersOnly(who.organiser.name) : TEAM_TEXT.unavailable}
      </p>,
    );
  const error = teamErrorOf(query.error);
  const origin =
    typeof query.origin === 'string' && /^https?:\/\/[A-Za-z0-9.:[\]-]+$/.test(query.origin)
      ? query.origin
      : '';
  const removed = typeof query.removed === 'string' ? query.removed.slice(0, 254) : null;
  return frame(
    <>
      {removed ? (
        <p className="console-notice" role="status">
          {TEAM_TEXT.removed(removed)}
        </p>
      ) : null}
      {query.notice === 'cancelled' ? (
        <p className="console-notice" role="status">
          {TEAM_TEXT.cancelled}
        </p>
      ) : null}
      {error ? (
        <p className="console-error" role="alert">
          {TEAM_TEXT.errors[error]}
        </p>
      ) : null}
      <TeamScreen team={team.data} me={who.user.email} csrf={csrf} shown={shownOf(query, origin)} />
    </>,
  );
}
