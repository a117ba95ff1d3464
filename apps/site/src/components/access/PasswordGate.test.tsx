// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EventAccess } from '@/components/console/events/EventAccess';
import { EventLoadFailure } from '@/components/gallery/EventLoadFailure';
import { PasswordGate } from './PasswordGate';

describe('the password page of a password gallery', () => {
  it('asks for the password in one field, posting to the event’s unlock route', () => {
    const { container } = render(
      <EventLoadFailure load={{ kind: 'locked', eventId: 7, slug: 'night-run-7', reason: 'password' }} title="unused" />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'This gallery is protected' })).toBeTruthy();
    const form = container.querySelector('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/events/night-run-7/unlock');
    const field = screen.getByLabelText('Password');
    expect(field.getAttribute('type')).toBe('password');
    expect(field.getAttribute('name')).toBe('password');
    expect(container.querySelectorAll('input:not([type=hidden])')).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says what went wrong: a wrong password, too many attempts, an access that ended', () => {
    const { rerender } = render(<PasswordGate eventSlug="run-7" error="wrong" next="/events/run-7/promo" />);
    expect(screen.getByRole('alert').textContent).toBe('That password is not right. Check it and try again.');
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect((document.querySelector('input[name=next]') as HTMLInputElement).value).toBe('/events/run-7/promo');
    rerender(<PasswordGate eventSlug="run-7" error="limited" retryMinutes={12} />);
    expect(screen.getByRole('alert').textContent).toBe('Too many password attempts: try again in 12 min.');
    rerender(<PasswordGate eventSlug="run-7" reason="expired" />);
    expect(screen.getByRole('alert').textContent).toBe(
      'Your access to this gallery has ended. Enter the password again.',
    );
  });
});

describe('the console’s Access section', () => {
  it('offers the three levels, the one set checked, and a password field of its own', () => {
    render(
      <EventAccess
        eventId={7}
        csrf="token"
        access={{ event_id: 7, access: 'unlisted', has_password: false, slug: 'quiet-run-Kq3x9ZtLm2Pw8Rn4-12' }}
        error={null}
      />,
    );
    const section = screen.getByRole('region', { name: 'Access' });
    const radios = within(section).getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((r) => [r.value, r.checked])).toEqual([
      ['public', false],
      ['unlisted', true],
      ['password', false],
    ]);
    const password = within(section).getByLabelText('Gallery password');
    expect(password.getAttribute('type')).toBe('password');
    expect(password.getAttribute('autocomplete')).toBe('new-password');
    const ids = [...section.querySelectorAll('[id]')].map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(section.querySelector('form')!.getAttribute('action')).toBe('/console/events/7/access');
  });

  it('says a password is kept when one is set, and shows a refusal beside the field', () => {
    render(
      <EventAccess
        eventId={7}
        csrf="token"
        access={{ event_id: 7, access: 'password', has_password: true, slug: 'night-run-13' }}
        error="A gallery password has at least 6 characters."
      />,
    );
    expect(screen.getByText(/A password is set\. Leave this empty to keep it/)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('A gallery password has at least 6 characters.');
    expect(screen.getByLabelText('Gallery password').getAttribute('aria-invalid')).toBe('true');
  });
});
