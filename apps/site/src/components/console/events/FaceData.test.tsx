// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { patchOfValues, valuesOfEvent } from './event-form';
import { EventSettings } from './EventSettings';
import { FaceData } from './FaceData';
import { adminEvent } from '@/test/fixtures';

const event = adminEvent('runners');
const held = {
  faces: 412,
  photos: 230,
  hide_requests: 2,
  expires_at: '2025-07-02T00:00:00.000Z',
  erased_at: null,
  indexed_faces: 'runners' as const,
  photos_to_describe_again: 0,
};

function settings(faceData: React.ReactNode) {
  return render(
    <EventSettings
      event={event}
      csrf="token"
      publicUrl="https://photos.example/events/harbour-10k-7"
      values={valuesOfEvent(event)}
      errors={{}}
      notice={null}
      bannerSrc={null}
      faceData={faceData}
    />,
  );
}

afterEach(cleanup);

describe('the face data of an event in its settings', () => {
  it('shows what is held and erases it with one confirmed click', () => {
    const { container } = settings(<FaceData record={held} />);
    const record = within(screen.getByTestId('face-data-record'));
    const value = (term: string) => record.getByText(term).nextElementSibling?.textContent;
    expect(value('Face templates stored')).toBe('412');
    expect(value('Photos they come from')).toBe('230');
    expect(value('Hide-me requests')).toBe('2');
    expect(value('Deleted by the retention on')).toBe('2 July 2025');
    // The erase is behind a disclosure saying what goes; its button posts the erase form,
    // not the settings form around it.
    expect(screen.getByText('Erase face data…').closest('details')?.open).toBe(false);
    const confirm = screen.getByRole('button', { name: 'Yes, erase 412 face templates' });
    const form = confirm.closest('fieldset')?.closest('form');
    expect(form?.getAttribute('action')).toBe('/console/events/7/save');
    expect(confirm.getAttribute('form')).toBe('events-erase-faces');
    const erase = container.querySelector('form#events-erase-faces');
    expect(erase?.getAttribute('action')).toBe('/console/events/7/faces/erase');
    expect(erase?.getAttribute('method')).toBe('post');
    expect(
      screen.getByText(/^This deletes the 412 face templates found on 230 photos/),
    ).toBeTruthy();
  });

  it('says how many photos face search is still updating, and nothing once done', () => {
    settings(<FaceData record={{ ...held, photos_to_describe_again: 57 }} />);
    const status = screen.getByRole('status');
    expect(status.textContent).toMatch(/^Updating face search: 57 of 230 photos left/);
    expect(status.textContent).toMatch(/Selfie search works meanwhile/);
    cleanup();
    settings(<FaceData record={held} />);
    expect(screen.queryByText(/Updating face search/)).toBeNull();
  });

  it('shows zero and no erase once erased, with the day it was', () => {
    settings(
      <FaceData record={{ ...held, faces: 0, photos: 0, erased_at: '2025-06-03T09:00:00Z' }} />,
    );
    const record = within(screen.getByTestId('face-data-record'));
    expect(record.getByText('Face templates stored').nextElementSibling?.textContent).toBe('0');
    expect(record.getByText('Last erased').nextElementSibling?.textContent).toBe('3 June 2025');
    expect(screen.getByText('No face data is held for this event.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /erase/i })).toBeNull();
  });

  it('says so when the record cannot be read', () => {
    settings(<FaceData record={null} />);
    expect(screen.getByRole('alert').textContent).toMatch(/could not be read just now/);
    expect(screen.queryByTestId('face-data-record')).toBeNull();
  });

  it('offers whose faces are stored, with what each means for being found', () => {
    settings(<FaceData record={held} />);
    const runners = screen.getByLabelText('Only runners (a face above a bib)');
    expect(runners).toHaveProperty('checked', true);
    expect(screen.getByLabelText('Everyone in the photos')).toHaveProperty('checked', false);
    expect(runners.getAttribute('aria-describedby')).toBe('indexed_faces_runners-hint');
    expect(
      screen.getByText(/Spectators and passers-by are not stored and no selfie finds them/),
    ).toBeTruthy();
  });
});

describe('the setting in the form', () => {
  it('is sent as chosen, and a choice the API does not know is refused under its field', () => {
    const values = valuesOfEvent(event);
    const sent = patchOfValues({ ...values, indexed_faces: 'everyone' });
    expect(sent.ok && sent.patch.event_photos_config?.selfie_config?.indexed_faces).toBe(
      'everyone',
    );
    const refused = patchOfValues({ ...values, indexed_faces: 'spectators' });
    expect(refused).toEqual({
      ok: false,
      errors: { indexed_faces: 'Choose whose faces are stored: everyone, or only runners.' },
    });
  });
});
