import type { InboxPage } from '@eventsite/contract';
import { CSRF_FIELD } from '@/lib/console-security';
import { INBOX_TEXT } from './strings';

interface Props {
  page: InboxPage;
  archived: boolean;
  csrf: string;
}

const WHEN = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/** A link to a page of the inbox or the archive. */
export function inboxHref(page: number, archived: boolean): `/console${string}` {
  const query = new URLSearchParams();
  if (archived) query.set('archived', '1');
  if (page > 1) query.set('page', String(page));
  const search = query.toString();
  return search ? `/console/inbox?${search}` : '/console/inbox';
}

/**
 * The contact form's messages, newest first: sender, subject, where it was sent, when, the body,
 * whether it was emailed on; each with plain forms to mark it read or unread and to archive it
 * (they work without JavaScript).
 */
export function InboxList({ page, archived, csrf }: Props) {
  const { messages, pagination } = page;
  const here = inboxHref(pagination.page, archived);
  return (
    <>
      <div className="inbox-bar">
        <nav className="console-nav" aria-label={INBOX_TEXT.tabsLabel}>
          <ul>
            <li>
              <a href={inboxHref(1, false)} aria-current={archived ? undefined : 'page'}>
                {INBOX_TEXT.inboxTab}
              </a>
            </li>
            <li>
              <a href={inboxHref(1, true)} aria-current={archived ? 'page' : undefined}>
                {INBOX_TEXT.archiveTab}
              </a>
            </li>
          </ul>
        </nav>
        <p className="inbox-count">
          {INBOX_TEXT.count(pagination.total)}
          {!archived && page.unread > 0 ? ` · ${INBOX_TEXT.unread(page.unread)}` : ''}
        </p>
      </div>
      {messages.length === 0 ? (
        <p className="console-notice">{archived ? INBOX_TEXT.emptyArchive : INBOX_TEXT.empty}</p>
      ) : (
        <ul className="inbox-list">
          {messages.map((m) => {
            const headingId = `message-${m.id}`;
            const subject = m.subject || INBOX_TEXT.noSubject;
            const replySubject = `Re: ${m.subject || 'your message'}`;
            return (
              <li key={m.id}>
                <article
                  className={m.read ? 'inbox-message' : 'inbox-message inbox-unread'}
                  aria-labelledby={headingId}
                >
                  <div className="inbox-head">
                    <h2 className="inbox-subject" id={headingId}>
                      {m.read ? null : <span className="inbox-new">{INBOX_TEXT.new}</span>}
                      {subject}
                    </h2>
                    <time dateTime={m.received_at}>{WHEN.format(new Date(m.received_at))} UTC</time>
                  </div>
                  <p className="inbox-meta">
                    {INBOX_TEXT.from}: {m.name} &lt;
                    <a className="text-link" href={`mailto:${m.email}`}>
                      {m.email}
                    </a>
                    &gt; · {INBOX_TEXT.via(m.domain)}
                  </p>
                  <p className="inbox-body">{m.message}</p>
                  <p
                    className={
                      m.forward === 'failed'
                        ? 'inbox-forward inbox-forward-failed'
                        : 'inbox-forward'
                    }
                  >
                    {INBOX_TEXT.forward[m.forward]}
                    {m.forward === 'failed' && m.forward_error ? `: ${m.forward_error}` : ''}
                  </p>
                  <div className="inbox-actions">
                    <a
                      className="button"
                      href={`mailto:${m.email}?subject=${encodeURIComponent(replySubject)}`}
                    >
                      {INBOX_TEXT.reply}
                    </a>
                    <form method="post" action="/console/inbox/update">
                      <input type="hidden" name={CSRF_FIELD} value={csrf} />
                      <input type="hidden" name="id" value={m.id} />
                      <input type="hidden" name="back" value={here} />
                      <button
                        type="submit"
                        name="action"
                        value={m.read ? 'unread' : 'read'}
                        className="button button-outline"
                        aria-describedby={headingId}
                      >
                        {m.read ? INBOX_TEXT.markUnread : INBOX_TEXT.markRead}
                      </button>
                      <button
                        type="submit"
                        name="action"
                        value={m.archived ? 'unarchived' : 'archived'}
                        className="button button-outline"
                        aria-describedby={headingId}
                      >
                        {m.archived ? INBOX_TEXT.unarchive : INBOX_TEXT.archive}
                      </button>
                    </form>
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
      )}
      {pagination.total_pages > 1 ? (
        <nav className="inbox-pages" aria-label={INBOX_TEXT.pagesLabel}>
          {pagination.page > 1 ? (
            <a className="button button-outline" href={inboxHref(pagination.page - 1, archived)}>
              {INBOX_TEXT.previous}
            </a>
          ) : null}
          <span>{INBOX_TEXT.pageOf(pagination.page, pagination.total_pages)}</span>
          {pagination.page < pagination.total_pages ? (
            <a className="button button-outline" href={inboxHref(pagination.page + 1, archived)}>
              {INBOX_TEXT.next}
            </a>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
