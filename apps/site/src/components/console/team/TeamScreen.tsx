import { CONSOLE_ROLES, type Team } from '@eventsite/contract';
import { CSRF_FIELD } from '@/lib/console-security';
import { CopyLink } from './CopyLink';
import { TEAM_TEXT as T } from './strings';

/** The stash kind of an invitation just made, kept for the Team screen to show once. */
export const INVITE_SHOWN = 'invite-shown';

export interface InviteShown {
  email: string;
  link: string;
  expiresAt: string;
  mail: 'emailed' | 'not-configured' | 'mail-failed';
}

const day = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso));
const moment = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(new Date(iso)) + ' UTC';

/** The Team screen: the people, removing one, inviting one, the invitations waiting. */
export function TeamScreen({
  team,
  me,
  csrf,
  shown,
}: {
  team: Team;
  me: string;
  csrf: string;
  shown: InviteShown | null;
}) {
  const owners = team.users.filter((u) => u.role === 'owner').length;
  return (
    <div className="team">
      <section aria-labelledby="team-users" className="team-section">
        <h2 id="team-users" className="console-section-title">
          {T.users}
        </h2>
        <ul className="team-list">
          {team.users.map((user) => {
            const lastOwner = user.role === 'owner' && owners <= 1;
            return (
              <li key={user.id} className="team-person" data-testid="team-user">
                <div className="team-person-main">
                  <span className="team-email">
                    {user.email}{' '}
                    {user.email === me ? <span className="console-hint">{T.you}</span> : null}
                  </span>
                  <span className="team-meta">
                    <span>{T.roleNames[user.role]}</span>
                    <span>
                      {T.columns.created} {day(user.created_at)}
                    </span>
                  </span>
                </div>
                {lastOwner ? (
                  <p className="console-hint team-last-owner">{T.lastOwner}</p>
                ) : (
                  <form method="post" action="/console/team/remove" className="team-remove">
                    <input type="hidden" name={CSRF_FIELD} value={csrf} />
                    <input type="hidden" name="user_id" value={user.id} />
                    <input type="hidden" name="email" value={user.email} />
                    <input
                      name="password"
                      type="password"
                      required
                      maxLength={200}
                      autoComplete="current-password"
                      placeholder={T.removePassword}
                      aria-label={T.removePasswordFor(user.email)}
                    />
                    <button
                      type="submit"
                      className="button button-outline"
                      aria-label={T.remove(user.email)}
                    >
                      {T.removeShort}
                    </button>
                  </form>
                )}
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="team-invite" className="team-section team-card">
        <h2 id="team-invite" className="console-section-title">
          {T.invite.title}
        </h2>
        <p className="console-hint">{T.invite.intro}</p>
        {shown ? (
          <div className="console-notice team-shown" role="status">
            <p>{T.invite.made(shown.email)}</p>
            <CopyLink link={shown.link} />
            <p>{T.invite.expires(moment(shown.expiresAt))}</p>
            <p data-testid="invite-mail">
              {shown.mail === 'emailed'
                ? T.invite.emailed(shown.email)
                : shown.mail === 'not-configured'
                  ? T.invite.notConfigured
                  : T.invite.mailFailed}
            </p>
          </div>
        ) : null}
        <form method="post" action="/console/team/invite" className="team-form">
          <input type="hidden" name={CSRF_FIELD} value={csrf} />
          <label htmlFor="team-invite-email">{T.invite.email}</label>
          <input
            id="team-invite-email"
            name="email"
            type="email"
            required
            maxLength={254}
            autoComplete="off"
          />
          <fieldset className="team-roles">
            <legend>{T.invite.role}</legend>
            {CONSOLE_ROLES.map((role) => (
              <label key={role}>
                <input
                  type="radio"
                  name="role"
                  value={role}
                  required
                  defaultChecked={role === 'editor'}
                />{' '}
                {T.roles[role]}
              </label>
            ))}
          </fieldset>
          <label htmlFor="team-invite-password">{T.invite.password}</label>
          <input
            id="team-invite-password"
            name="password"
            type="password"
            required
            maxLength={200}
            autoComplete="current-password"
            aria-describedby="team-invite-password-hint"
          />
          <p id="team-invite-password-hint" className="console-hint">
            {T.invite.passwordHint}
          </p>
          <button type="submit" className="button">
            {T.invite.submit}
          </button>
        </form>
      </section>

      <section aria-labelledby="team-pending" className="team-section">
        <h2 id="team-pending" className="console-section-title">
          {T.pending}
        </h2>
        {team.invites.length === 0 ? (
          <p className="console-hint">{T.pendingNone}</p>
        ) : (
          <ul className="team-list">
            {team.invites.map((invite) => (
              <li key={invite.id} className="team-person" data-testid="team-invite">
                <div className="team-person-main">
                  <span className="team-email">{invite.email}</span>
                  <span className="team-meta">
                    <span>{T.roleNames[invite.role]}</span>
                    <span>{T.invite.expires(moment(invite.expires_at))}</span>
                  </span>
                </div>
                <form method="post" action="/console/team/cancel">
                  <input type="hidden" name={CSRF_FIELD} value={csrf} />
                  <input type="hidden" name="invite_id" value={invite.id} />
                  <button
                    type="submit"
                    className="button button-outline"
                    aria-label={T.cancel(invite.email)}
                  >
                    {T.cancelShort}
                  </button>
                </form>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
