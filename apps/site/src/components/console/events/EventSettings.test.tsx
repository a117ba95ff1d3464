// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { valuesOfEvent } from './event-form';
import { EventSettings } from './EventSettings';
import { adminEvent } from '@/test/fixtures';

const event = adminEvent('everyone');

describe('the event settings', () => {
  it('show how long face data is kept and the day it is deleted', () => {
    render(
      <EventSettings
        event={event}
        csrf="token"
        publicUrl="https://photos.example/events/harbour-10k-7"
        values={valuesOfEvent(event)}
        errors={{}}
        notice={null}
        bannerSrc={null}
      />,
    );
    const days = screen.getByLabelText('Keep face data for (days after the event)');
    expect(days).toHaveProperty('value', '30');
    expect(screen.getByText('This event’s face data is deleted on 2 July 2025.')).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('say so when face recognition is off on the whole platform', () => {
    const off = { ...event, selfie_search_available: false };
    render(
      <EventSettings
        event={off}
        csrf="token"
        publicUrl="https://photos.example/events/harbour-10k-7"
        values={valuesOfEvent(off)}
        errors={{}}
        notice={null}
        bannerSrc={null}
      />,
    );
    expect(screen.getByRole('note').textContent).toMatch(
      /^Face recognition is turned off on this platform: no face is detected/,
    );
  });
});
