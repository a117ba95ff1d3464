import type { Metadata } from 'next';
import { ConsoleFrame } from '@/components/console/ConsoleFrame';
import '@/components/console/console.css';
import { InboxList } from '@/components/console/inbox/InboxList';
import '@/components/console/inbox/inbox.css';
import { INBOX_TEXT, type InboxNotice } from '@/components/console/inbox/strings';
import { inbox } from '@/provider/console-inbox';
import { consoleSessionOrSignIn } from '../session';

export const metadata: Metadata = {
  title: INBOX_TEXT.title,
  robots: { index: false, follow: false },
};

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * The inbox (owner and editor): the messages visitors sent through the contact form, newest
 * first, 20 a page; `?archived=1` the archived ones. `?notice=` and `?error=` say what the last
 * change did.
 */
export default async function InboxPage({ searchParams }: Props) {
  const [query, { who, token, csrf }] = await Promise.all([searchParams, consoleSessionOrSignIn()]);
  const archived = one(query.archived) === '1';
  const rawPage = one(query.page) ?? '1';
  const pageNumber = /^\d{1,5}$/.test(rawPage) && Number(rawPage) >= 1 ? Number(rawPage) : 1;
  const noticeKey = one(query.notice);
  const notice =
    noticeKey && noticeKey in INBOX_TEXT.notices
      ? INBOX_TEXT.notices[noticeKey as InboxNotice]
      : null;
  const error = one(query.error)?.slice(0, 300);
  let body: React.ReactNode;
  if (who.user.role === 'photographer') {
    body = <p className="console-error">{INBOX_TEXT.notAllowed}</p>;
  } else {
    const page = await inbox(token, pageNumber, archived);
    body = page.ok ? (
      <InboxList page={page.data} archived={archived} csrf={csrf} />
    ) : (
      <p className="console-error" role="alert">
        {INBOX_TEXT.loadFailed}
      </p>
    );
  }
  return (
    <div className="container page console">
      <ConsoleFrame who={who} csrf={csrf} current="inbox" title={INBOX_TEXT.title}>
        <p className="inbox-intro">{INBOX_TEXT.intro}</p>
        {notice ? (
          <p className="console-notice" role="status">
            {notice}
          </p>
        ) : null}
        {error ? (
          <p className="console-error" role="alert">
            {INBOX_TEXT.failed(error)}
          </p>
        ) : null}
        {body}
      </ConsoleFrame>
    </div>
  );
}
