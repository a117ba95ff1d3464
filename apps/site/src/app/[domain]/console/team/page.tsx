import type { Metadata } from 'next';
import { ConsoleFrame } from '@/components/console/ConsoleFrame';
import { consoleStash } from '@/components/console/events/stash';
import { INVITE_SHOWN, type InviteShown, TeamScreen } from '@/components/console/team/TeamScreen';
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

/**
 * The invitation just made (`?invited=` names it in the session's stash: the link itself is
 * never in a URL), shown once: it is dropped as it is read.
 */
function shownOf(token: string, invited: unknown): InviteShown | null {
  const stash = consoleStash();
  const shown = stash.get<InviteShown>(token, INVITE_SHOWN, invited);
  if (shown) stash.drop(String(invited));
  return shown;
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
      <TeamScreen
        team={team.data}
        me={who.user.email}
        csrf={csrf}
        shown={shownOf(token, query.invited)}
      />
    </>,
  );
}
