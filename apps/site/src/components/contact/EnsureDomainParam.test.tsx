// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EnsureDomainParam } from './EnsureDomainParam';

const replace = vi.fn();
let search = '';
vi.mock('next/navigation', () => ({
  useRouter: () => ({ replace }),
  usePathname: () => '/contact-us',
  useSearchParams: () => new URLSearchParams(search),
}));

describe('EnsureDomainParam', () => {
  beforeEach(() => replace.mockReset());

  it('adds the missing domain with a replace navigation; a local host sends localhost', () => {
    search = '';
    render(<EnsureDomainParam />);
    // jsdom's location is http://localhost:3000/
    expect(replace).toHaveBeenCalledWith('/contact-us?domain=localhost', { scroll: false });
  });

  it('keeps the other query parameters', () => {
    search = 'ref=footer';
    render(<EnsureDomainParam />);
    expect(replace).toHaveBeenCalledWith('/contact-us?ref=footer&domain=localhost', { scroll: false });
  });

  it('does nothing when the domain is there', () => {
    search = 'domain=localhost';
    render(<EnsureDomainParam />);
    expect(replace).not.toHaveBeenCalled();
  });
});
