import { describe, expect, it } from 'vitest';
import {
  gateErrorOf,
  grantCookieOptions,
  retryMinutesOf,
  safeNext,
  sameOriginPost,
} from './gallery-access';

describe('after the password', () => {
  it('goes back to a page of this event only', () => {
    const host = 'photos.example.com';
    expect(safeNext('run-7', '/events/run-7/runners/12', host)).toBe('/events/run-7/runners/12');
    expect(safeNext('run-7', '/events/run-7/photos?bib=12', host)).toBe(
      '/events/run-7/photos?bib=12',
    );
    expect(safeNext('run-7', 'https://photos.example.com/events/run-7/promo', host)).toBe(
      '/events/run-7/promo',
    );
    for (const bad of [
      'https://evil.example/events/run-7/photos',
      '//evil.example/events/run-7/photos',
      '/events/run-8/photos',
      '/events/run-77/photos',
      '/events/run-7/password?error=wrong',
      '/events/run-7/unlock',
      '/console',
      '',
      null,
      'http://[bad',
    ])
      expect(safeNext('run-7', bad, host), String(bad)).toBe('/events/run-7/photos');
  });

  it('takes a form from this site only', () => {
    expect(sameOriginPost('http://localhost:3000', 'localhost:3000')).toBe(true);
    expect(sameOriginPost('http://evil.example', 'localhost:3000')).toBe(false);
    expect(sameOriginPost(null, 'localhost:3000')).toBe(false);
    expect(sameOriginPost('null', 'localhost:3000')).toBe(false);
  });

  it('keeps the grant in an httpOnly cookie of the event’s path, Secure outside localhost', () => {
    const expires = new Date('2030-01-01T00:00:00Z');
    expect(grantCookieOptions('photos.example.com', '/events/run-7', expires)).toEqual({
      httpOnly: true,
      sameSite: 'lax',
      secure: true,
      path: '/events/run-7',
      expires,
    });
    expect(grantCookieOptions('localhost:3000', '/events/run-7', expires).secure).toBe(false);
  });

  it('reads what went wrong from the password page’s address, and nothing else', () => {
    expect(gateErrorOf('wrong')).toBe('wrong');
    expect(gateErrorOf('<script>')).toBeNull();
    expect(retryMinutesOf('3')).toBe(3);
    expect(retryMinutesOf('0')).toBe(1);
    expect(retryMinutesOf('x')).toBe(15);
  });
});
