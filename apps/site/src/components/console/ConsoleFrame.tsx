import type { ReactNode } from 'react';
import type { Whoami } from '@eventsite/contract';
import { CSRF_FIELD } from '@/lib/console-security';
import { CONSOLE_TEXT } from './strings';

export type ConsoleScreen = 'events' | 'branding' | 'inbox' | 'team';

const SCREENS: { screen: ConsoleScreen; href: string; label: string; roles: readonly string[] }[] =
  [
    {
      screen: 'events',
      href: '/console',
      label: CONSOLE_TEXT.nav.events,
      roles: ['owner', 'editor', 'photographer'],
    },
    {
      screen: 'branding',
      href: '/console/branding',
      label: CONSOLE_TEXT.nav.branding,
      roles: ['owner'],
    },
    {
      screen: 'inbox',
      href: '/console/inbox',
      label: CONSOLE_TEXT.nav.inbox,
      roles: ['owner', 'editor'],
    },
    { screen: 'team', href: '/console/team', label: CONSOLE_TEXT.nav.team, roles: ['owner'] },
  ];

interface Props {
  who: Whoami;
  csrf: string;
  /** The screen shown, marked in the navigation. */
  current: ConsoleScreen;
  /** The screen's heading (the console's title on the events list). */
  title: string;
  /** A sign-out the API did not confirm: the visitor is still signed in, and is told so. */
  signOutFailed?: boolean;
  children: ReactNode;
}

/**
 * Every signed-in console screen: who is signed in, the ways out, the screens this role may
 * open, then the screen itself.
 */
export function ConsoleFrame({
  who,
  csrf,
  current,
  title,
  signOutFailed = false,
  children,
}: Props) {
  const screens = SCREENS.filter((s) => s.roles.includes(who.user.role));
  return (
    <div className="console-home console-layout">
      {screens.length > 1 ? (
        <nav className="console-nav console-side-nav" aria-label={CONSOLE_TEXT.nav.label}>
          <ul>
            {screens.map((s) => (
              <li key={s.screen}>
                <a href={s.href} aria-current={s.screen === current ? 'page' : undefined}>
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <div className="console-main">
        <h1 className="page-title console-title">{title}</h1>
        {signOutFailed ? (
          <p className="console-error" role="alert">
            {CONSOLE_TEXT.signOutFailed}
          </p>
        ) : null}
        {children}
      </div>
      <section className="console-account" aria-label={CONSOLE_TEXT.account}>
        <p className="console-who">{CONSOLE_TEXT.signedInAs(who.user.email, who.user.role)}</p>
        <div className="console-sign-out">
          <form method="post" action="/console/sign-out">
            <input type="hidden" name={CSRF_FIELD} value={csrf} />
            <button type="submit" className="button button-outline">
              {CONSOLE_TEXT.signOut}
            </button>
          </form>
          <form method="post" action="/console/sign-out">
            <input type="hidden" name={CSRF_FIELD} value={csrf} />
            <input type="hidden" name="everywhere" value="1" />
            <button
              type="submit"
              className="button button-outline"
              aria-describedby="console-everywhere-hint"
            >
              {CONSOLE_TEXT.signOutEverywhere}
            </button>
            <p id="console-everywhere-hint" className="console-hint">
              {CONSOLE_TEXT.signOutEverywhereHint}
            </p>
          </form>
        </div>
      </section>
    </div>
  );
}

export type EventScreen =
  'settings' | 'photos' | 'results' | 'bibs' | 'findability' | 'analytics' | 'watermark';

const EVENT_SCREENS: {
  screen: EventScreen;
  path: string;
  label: string;
  roles: readonly string[];
}[] = [
  {
    screen: 'settings',
    path: '',
    label: CONSOLE_TEXT.eventNav.settings,
    roles: ['owner', 'editor'],
  },
  {
    screen: 'photos',
    path: '/photos',
    label: CONSOLE_TEXT.eventNav.photos,
    roles: ['owner', 'editor', 'photographer'],
  },
  {
    screen: 'results',
    path: '/results',
    label: CONSOLE_TEXT.eventNav.results,
    roles: ['owner', 'editor'],
  },
  { screen: 'bibs', path: '/bibs', label: CONSOLE_TEXT.eventNav.bibs, roles: ['owner', 'editor'] },
  {
    screen: 'findability',
    path: '/findability',
    label: CONSOLE_TEXT.eventNav.findability,
    roles: ['owner', 'editor'],
  },
  {
    screen: 'analytics',
    path: '/analytics',
    label: CONSOLE_TEXT.eventNav.analytics,
    roles: ['owner', 'editor'],
  },
  {
    screen: 'watermark',
    path: '/watermark',
    label: CONSOLE_TEXT.eventNav.watermark,
    roles: ['owner', 'editor'],
  },
];

/** The href of one screen of an event in the console. */
export function eventScreenHref(eventId: number, screen: EventScreen): `/console${string}` {
  const found = EVENT_SCREENS.find((s) => s.screen === screen);
  return `/console/events/${eventId}${found?.path ?? ''}`;
}

/** The screens of one event (settings, photos, results, bibs by hand) this role may open. */
export function EventNav({
  who,
  eventId,
  eventName,
  current,
}: {
  who: Whoami;
  eventId: number;
  eventName: string;
  current: EventScreen;
}) {
  const screens = EVENT_SCREENS.filter((s) => s.roles.includes(who.user.role));
  return (
    <nav
      className="console-nav console-event-nav"
      aria-label={CONSOLE_TEXT.eventNav.label(eventName)}
    >
      <ul>
        {screens.map((s) => (
          <li key={s.screen}>
            <a
              href={eventScreenHref(eventId, s.screen)}
              aria-current={s.screen === current ? 'page' : undefined}
            >
              {s.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
