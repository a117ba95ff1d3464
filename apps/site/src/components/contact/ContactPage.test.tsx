// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import ContactPage from '@/app/[domain]/contact-us/page';
import { envelope } from '@/test/fixtures';

vi.mock('next/navigation', () => ({
  useRouter: () => ({ replace: vi.fn() }),
  usePathname: () => '/contact-us',
  useSearchParams: () => new URLSearchParams('domain=localhost'),
}));

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vi.stubEnv('API_URL', 'http://127.0.0.1:4999');
  vi.stubEnv('PUBLIC_API_URL', '');
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

const page = async () => render(await ContactPage({ params: Promise.resolve({ domain: 'localhost' }) }));

describe('contact page', () => {
  it('embeds the organiser’s form, 600 pixels high', async () => {
    fetchMock.mockResolvedValue(envelope({ contact_us: { form: { iframeSrc: 'https://forms.example.org/c', scriptSrc: '' } } }));
    const { container } = await page();
    const frame = container.querySelector('iframe');
    expect(frame?.getAttribute('src')).toBe('https://forms.example.org/c');
    expect(frame?.getAttribute('height')).toBe('600');
  });

  it('with the API down, says the form could not be loaded instead of framing the dead server', async () => {
    fetchMock.mockRejectedValue(new TypeError('fetch failed'));
    const { container } = await page();
    expect(screen.getByRole('heading', { name: 'Unable to load contact form' })).toBeTruthy();
    expect(screen.getByText('Failed to load contact form. Please try again later.')).toBeTruthy();
    expect(container.querySelector('iframe')).toBeNull();
    expect(container.innerHTML).not.toContain('127.0.0.1:4999');
  });

  it('when the provider answers an error, embeds the form it hosts', async () => {
    fetchMock.mockResolvedValue(new Response('{}', { status: 500 }));
    const { container } = await page();
    expect(container.querySelector('iframe')?.getAttribute('src')).toBe('http://127.0.0.1:4999/forms/contact?app_domain=localhost');
    expect(screen.queryByText('Unable to load contact form')).toBeNull();
  });
});
