import { describe, expect, it } from 'vitest';
import {
  consoleReturnPath,
  consoleCookieOptions,
  isConsolePath,
  newCsrfToken,
  refusalOf,
  validCsrf,
} from './console-security';
import { robotsTxt } from './sitemap';

const token = newCsrfToken();

describe('a console change', () => {
  it('goes on with this host as its Origin and the cookie’s CSRF token in the form', () => {
    expect(
      refusalOf({
        origin: 'https://photos.example',
        host: 'photos.example',
        csrfCookie: token,
        csrfField: token,
      }),
    ).toBeNull();
    expect(
      refusalOf({
        origin: 'http://localhost:3000',
        host: 'localhost:3000',
        csrfCookie: token,
        csrfField: token,
      }),
    ).toBeNull();
  });

  it('is refused from another site, without an Origin, or with an opaque one', () => {
    for (const origin of [
      'https://evil.example',
      'https://photos.example.evil.example',
      null,
      'null',
      'not a url',
    ])
      expect(
        refusalOf({ origin, host: 'photos.example', csrfCookie: token, csrfField: token }),
      ).toBe('cross-origin');
    // Another port of the same name is another origin.
    expect(
      refusalOf({
        origin: 'http://localhost:4000',
        host: 'localhost:3000',
        csrfCookie: token,
        csrfField: token,
      }),
    ).toBe('cross-origin');
  });

  it('is refused without the CSRF token, with another one, or without the cookie', () => {
    const base = { origin: 'https://photos.example', host: 'photos.example' };
    expect(refusalOf({ ...base, csrfCookie: token, csrfField: undefined })).toBe('csrf');
    expect(refusalOf({ ...base, csrfCookie: token, csrfField: newCsrfToken() })).toBe('csrf');
    expect(refusalOf({ ...base, csrfCookie: undefined, csrfField: token })).toBe('csrf');
    expect(refusalOf({ ...base, csrfCookie: 'short', csrfField: 'short' })).toBe('csrf');
  });
});

describe('the console’s cookies', () => {
  it('are httpOnly, SameSite=Lax, path /console, and Secure outside localhost', () => {
    expect(consoleCookieOptions('photos.example')).toEqual({
      httpOnly: true,
      sameSite: 'lax',
      secure: true,
      path: '/console',
    });
    expect(consoleCookieOptions('localhost:3000').secure).toBe(false);
    expect(consoleCookieOptions('trail.localhost').secure).toBe(false);
    expect(consoleCookieOptions('localhost.example.com').secure).toBe(true);
  });

  it('take fresh, unguessable CSRF tokens', () => {
    expect(validCsrf(token)).toBe(token);
    expect(newCsrfToken()).not.toBe(token);
    expect(validCsrf('<script>')).toBeNull();
  });

  it('belong to /console and its pages only', () => {
    expect(isConsolePath('/console')).toBe(true);
    expect(isConsolePath('/console/sign-in')).toBe(true);
    expect(isConsolePath('/consoles')).toBe(false);
    expect(isConsolePath('/events/console')).toBe(false);
  });
});

describe('the screen to go back to after signing in', () => {
  it('is a path of this console, and nothing else', () => {
    expect(consoleReturnPath('/console/events/12/findability')).toBe('/console/events/12/findability');
    expect(consoleReturnPath('/console/branding')).toBe('/console/branding');
    for (const hostile of [
      '/console',
      '//evil.example/console/x',
      'https://evil.example/console/x',
      '/console/../admin',
      '/console/events/12?x=1',
      '/console/events/12#x',
      '/console//evil.example',
      '/console/events/%2e%2e',
      '/consoles/x',
      '/console\\evil',
      `/console/${'a'.repeat(300)}`,
      '',
      null,
      ['/console/x'],
    ])
      expect(consoleReturnPath(hostile), String(hostile)).toBeNull();
  });
});

describe('robots.txt', () => {
  it('keeps search engines out of the console', () => {
    expect(robotsTxt('https://photos.example')).toContain('\nDisallow: /console\n');
  });
});
