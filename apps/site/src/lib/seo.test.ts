import { describe, expect, it } from 'vitest';
import { siteOrigin } from './seo';

describe('siteOrigin (absolute links of page metadata, from the route and the configuration)', () => {
  it('is http on the listening port for local names', () => {
    expect(siteOrigin('localhost', { PORT: '3100' })).toBe('http://localhost:3100');
    expect(siteOrigin('trail.localhost', { PORT: '3100' })).toBe('http://trail.localhost:3100');
    expect(siteOrigin('localhost', {})).toBe('http://localhost');
  });

  it('is https on the default port for real names, whatever port the server listens on', () => {
    expect(siteOrigin('photos.example.com', { PORT: '3100' })).toBe('https://photos.example.com');
  });

  it('follows PUBLIC_SITE_SCHEME and PUBLIC_SITE_PORT, and drops a default port', () => {
    expect(siteOrigin('photos.example.com', { PUBLIC_SITE_SCHEME: 'http', PUBLIC_SITE_PORT: '8080' })).toBe('http://photos.example.com:8080');
    expect(siteOrigin('photos.example.com', { PUBLIC_SITE_SCHEME: 'HTTPS', PUBLIC_SITE_PORT: '443' })).toBe('https://photos.example.com');
    expect(siteOrigin('localhost', { PUBLIC_SITE_SCHEME: 'https', PORT: '3100', PUBLIC_SITE_PORT: '443' })).toBe('https://localhost');
  });

  it('ignores a bad scheme or port instead of writing it into a link', () => {
    expect(siteOrigin('photos.example.com', { PUBLIC_SITE_SCHEME: 'javascript', PUBLIC_SITE_PORT: '99999' })).toBe('https://photos.example.com');
    expect(siteOrigin('localhost', { PORT: '31a' })).toBe('http://localhost');
  });

  it('never puts something that is not a host name in the origin', () => {
    expect(siteOrigin('bad<host>', {})).toBe('http://localhost');
  });
});
