import { describe, expect, it } from 'vitest';
import { appDomainFromHost, isAppDomain, isLocalHostName } from './host';

describe('appDomainFromHost (the app_domain sent to the API)', () => {
  it.each([
    ['example.com', 'example.com'],
    ['Photos.Example.COM', 'photos.example.com'],
    ['photos.example.com:3000', 'photos.example.com'],
    ['example.com.', 'example.com'],
    ['trail.localhost:3100', 'trail.localhost'],
    ['trail.localhost', 'trail.localhost'],
  ])('%s sends %s', (host, domain) => {
    expect(appDomainFromHost(host)).toBe(domain);
  });

  it.each([['localhost'], ['LOCALHOST:3100'], ['127.0.0.1'], ['127.0.0.1:3100'], ['192.168.1.20:80'], ['[::1]'], ['[::1]:3100'], ['[2001:db8::1]:443'], ['::1']])(
    'local host %s sends localhost',
    (host) => {
      expect(appDomainFromHost(host)).toBe('localhost');
    },
  );

  it.each([[''], [null], [undefined], ['exa mple.com'], ['<script>.com'], ['a..b'], ['-a.com'], ['example.com:abc'], ['example.com:80:90'], ['[zz::1]'], ['[::1]x'], ['évènement.fr'], ['a'.repeat(300)]])(
    'refuses %j',
    (host) => {
      expect(appDomainFromHost(host as string)).toBeNull();
    },
  );

  it('treats 999.1.1.1 as a name, not an IP (it is not a valid address)', () => {
    expect(isLocalHostName('999.1.1.1')).toBe(false);
  });
});

describe('isAppDomain', () => {
  it('accepts what the mapping produces and nothing with markup', () => {
    expect(isAppDomain('localhost')).toBe(true);
    expect(isAppDomain('trail.localhost')).toBe(true);
    expect(isAppDomain('%3Cscript%3E')).toBe(false);
    expect(isAppDomain('Example.com')).toBe(false);
  });
});
