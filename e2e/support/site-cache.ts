// The site keeps an organiser's events and each event's answers for 30 s (its revalidation time);
// the console's own changes expire them at once (`revalidateTag`). A suite that makes an event
// through the admin API publishes it through the console, as an organiser would, and then waits on
// that call's answer, never on the site's cache age.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { cli } from './operator.js';
import { apiUrl, sitePort } from './stack.js';

/**
 * Publishes the event through the site's console (`POST /console/events/{id}/publish`, the
 * console's own form): the site's cached events list of `host` and the event's answers expire, so
 * the next page view shows it. The console user it signs in as (an editor made with the CLI) is
 * removed again.
 */
export async function publishOnSite(host: string, eventId: number): Promise<void> {
  const email = `site-cache-${process.pid}-${randomBytes(4).toString('hex')}@${host}.example`;
  const password = randomBytes(18).toString('base64url');
  const created = cli(['user', 'create', host, email, '--role', 'editor'], `${password}\n`);
  assert.equal(created.code, 0, created.err);
  try {
    const signIn = await fetch(`${apiUrl}/api/v1/console/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ app_domain: host, email, password }),
    });
    const body = (await signIn.json()) as { data: { session_token: string }; message: string };
    assert.equal(signIn.status, 200, `console sign-in: ${body.message}`);
    const csrf = randomBytes(32).toString('base64url');
    const answer = await postForm(host, `/console/events/${eventId}/publish`, {
      cookie: `console_csrf=${csrf}; console_session=${body.data.session_token}`,
      form: new URLSearchParams({ csrf, published: '1' }).toString(),
    });
    assert.equal(answer.status, 303, `publish through the console: ${answer.status}`);
    assert.match(answer.location, new RegExp(`/console/events/${eventId}\\?notice=published$`));
  } finally {
    cli(['user', 'remove', host, email]);
  }
}

/** A form's POST as the browser sends it (a navigation: no Sec-Fetch-Mode of a script). */
function postForm(
  host: string,
  pathname: string,
  { cookie, form }: { cookie: string; form: string },
): Promise<{ status: number; location: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: sitePort,
        path: pathname,
        method: 'POST',
        headers: {
          host: `${host}:${sitePort}`,
          origin: `http://${host}:${sitePort}`,
          cookie,
          'content-type': 'application/x-www-form-urlencoded',
        },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, location: String(res.headers.location ?? '') }),
        );
      },
    );
    req.on('error', reject);
    req.end(form);
  });
}
